/**
 * Comments on posts and likes on comments. Anyone signed in may read and write them (posts are public
 * to signed-in people); a comment may be deleted by its author or by the post's author.
 */
import { COMMENT_LIKE_MESSAGES, type Comment } from '@plaza/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isForeignKeyViolation } from '../../db/errors';
import { markWritten, type KeyedWrite } from '../../idempotency/keyed-write';
import { ConflictError, ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import type { PostsPort } from './posts-port';
import { tagIndex } from '../hashtags';
import { wantLinkPreview } from '../link-previews';
import { mentionIndex, mentionsOf, mentionsOfOne } from '../mentions';
import { assertCanInteract, isHiddenFrom, notHidden } from '../safety';
import { userRepo } from '../users';
import { presentComment } from './presenters';
import { commentRepo, type CommentRow } from './repo';

const commentGone = () => new NotFoundError(sentence('error.comment.notFound'));

// Long: a service; each method is short and shares the repositories made once here.
export function commentService(ctx: AppContext, posts: PostsPort) {
  const comments = commentRepo(ctx.db);
  const users = userRepo(ctx.db);

  async function loadComment(commentId: string): Promise<CommentRow> {
    const comment = await comments.findById(commentId);
    if (!comment) throw commentGone();
    return comment;
  }

  /** Authors, likes and mentions of a page of comments in three batched queries (mentions only when a text has one). */
  async function present(rows: CommentRow[]): Promise<Comment[]> {
    const [authors, likes, mentions] = await Promise.all([
      users.findByIds([...new Set(rows.map((r) => r.author_id))]),
      comments.likesOf(rows.map((r) => r.id)),
      mentionsOf(
        ctx.db,
        'comment',
        rows.map((r) => ({ id: r.id, text: r.content })),
      ),
    ]);
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const likesOf = new Map<string, string[]>();
    for (const l of likes) likesOf.set(l.comment_id, [...(likesOf.get(l.comment_id) ?? []), l.user_id]);
    return rows.flatMap((r) => {
      const author = authorById.get(r.author_id);
      return author ? [presentComment(r, author, likesOf.get(r.id) ?? [], mentions.get(r.id) ?? [])] : [];
    });
  }

  async function discard(comment: CommentRow, actorId?: string): Promise<boolean> {
    // Federation sends the removal to the servers the comment went to (recorded with it, as it was added).
    const postAuthorId = ctx.config.federation ? (await posts.existing(comment.post_id)).authorId : null;
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      const gone = await commentRepo(trx).delete(comment.id);
      if (gone) await posts.bumpCommentCount(trx, comment.post_id, -1);
      await mentionIndex(trx, ctx.events).removed('comment', comment.id);
      if (gone && postAuthorId) {
        await ctx.events.record(trx, 'commentDeleted', {
          commentId: comment.id,
          postId: comment.post_id,
          postAuthorId,
          authorId: comment.author_id,
          ...(actorId ? { deletedBy: actorId } : {}),
        });
      }
      return gone;
    });
    ctx.events.publish('postChanged', { postId: comment.post_id });
    if (deleted) ctx.events.publish('postCountsChanged', { postId: comment.post_id, actorId });
    return deleted;
  }

  return {
    /** Comments by people hidden from the viewer (blocked either way, suspended) are left out. */
    async list(viewerId: string, postId: string, page: number, limit: number) {
      const post = await posts.existing(postId);
      const now = nowIso();
      if (await isHiddenFrom(ctx.db, viewerId, post.authorId, now)) throw posts.gone();
      const only = notHidden(ctx.db, 'author_id', viewerId, now);
      // The total counts what the pages show: comments of people hidden from the viewer are in neither.
      const [rows, total] = await Promise.all([
        comments.pageOfPost(postId, limit, (page - 1) * limit, only),
        comments.countOfPost(postId, only),
      ]);
      return { comments: await present(rows), pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
    },

    /**
     * `noPreview`: the author removed the link preview card in the composer. `write`: the request's key,
     * marked done with the comment; when an earlier attempt with it stored a comment, that one is the answer.
     * `alongside` writes what belongs with the comment in its transaction (the id of a reply that came from
     * another server).
     */
    async create(
      userId: string,
      postId: string,
      content: string,
      noPreview = false,
      write: KeyedWrite | null = null,
      alongside?: (trx: Db, commentId: string) => Promise<void>,
    ): Promise<Comment> {
      if (write?.result) {
        const [earlier] = await present([await loadComment(write.result)]);
        if (!earlier) throw new NotFoundError(sentence('error.account.gone'));
        return earlier;
      }
      const post = await posts.existing(postId);
      await assertCanInteract(ctx.db, userId, post.authorId, nowIso());
      const row: CommentRow = { id: newId(), post_id: postId, author_id: userId, content, created_at: nowIso(), link_preview: null };
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await markWritten(trx, write, row.id);
          await commentRepo(trx).insert(row);
          await posts.bumpCommentCount(trx, postId, 1);
          await tagIndex(trx).commentAdded({
            id: row.id,
            postId,
            authorId: userId,
            postAuthorId: post.authorId,
            content,
            createdAt: row.created_at,
          });
          // Readable by whoever sees both the comment's author and the post's.
          await mentionIndex(trx, ctx.events).written({
            targetType: 'comment',
            targetId: row.id,
            authorId: userId,
            text: content,
            postId,
            audience: { kind: 'public', owners: [userId, post.authorId] },
            at: row.created_at,
            isNew: true,
          });
          await ctx.events.record(trx, 'commentAdded', {
            commentId: row.id,
            postId,
            postAuthorId: post.authorId,
            authorId: userId,
            content,
          });
          await alongside?.(trx, row.id);
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw posts.gone();
        throw err;
      }
      ctx.events.publish('postChanged', { postId });
      ctx.events.publish('postCountsChanged', { postId, actorId: userId });
      if (!noPreview) wantLinkPreview(ctx.events, { targetType: 'comment', targetId: row.id }, content);
      const author = await users.findById(userId);
      if (!author) throw new NotFoundError(sentence('error.account.gone'));
      return presentComment(row, author, [], await mentionsOfOne(ctx.db, 'comment', { id: row.id, text: content }));
    },

    /** Likes or unlikes; answers the message the client keys on. */
    async toggleLike(userId: string, commentId: string) {
      const comment = await loadComment(commentId);
      await assertCanInteract(ctx.db, userId, comment.author_id, nowIso());
      let liked: boolean;
      try {
        liked = await ctx.db.transaction().execute(async (trx) => {
          const repo = commentRepo(trx);
          // A concurrent toggle may land between the two statements; another round settles it.
          for (let round = 0; round < 3; round++) {
            if (await repo.unlike(commentId, userId)) return false;
            if (await repo.like(commentId, userId, nowIso())) {
              const liked = { commentId, postId: comment.post_id, commentAuthorId: comment.author_id, likerId: userId };
              await ctx.events.record(trx, 'commentLiked', liked);
              return true;
            }
          }
          throw new ConflictError(sentence('error.comment.likeChanged'));
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw commentGone();
        throw err;
      }
      return liked ? COMMENT_LIKE_MESSAGES.liked : COMMENT_LIKE_MESSAGES.unliked;
    },

    async remove(userId: string, commentId: string): Promise<void> {
      const comment = await loadComment(commentId);
      // The post outlives its comments (they go with it), so a comment always has one.
      if (comment.author_id !== userId && (await posts.existing(comment.post_id)).authorId !== userId) {
        throw new ForbiddenError(sentence('error.comment.deleteNotAllowed'));
      }
      await discard(comment, userId);
    },

    /** Removes a comment whoever wrote it (a moderator's decision); false when it was already gone. */
    async removeById(commentId: string): Promise<boolean> {
      const comment = await comments.findById(commentId);
      return comment ? discard(comment) : false;
    },
  };
}
export type CommentService = ReturnType<typeof commentService>;
