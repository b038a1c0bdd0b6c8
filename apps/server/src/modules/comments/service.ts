/**
 * Comments on posts and likes on comments. Anyone signed in may read and write them (posts are public
 * to signed-in people); a comment may be deleted by its author or by the post's author.
 */
import { COMMENT_LIKE_MESSAGES, type Comment } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import type { PostsApi } from '../posts';
import { userRepo } from '../users';
import { presentComment } from './presenters';
import { commentRepo, type CommentRow } from './repo';

const commentGone = () => new NotFoundError('This comment does not exist.');

export function commentService(ctx: AppContext, posts: PostsApi) {
  const comments = commentRepo(ctx.db);
  const users = userRepo(ctx.db);

  async function loadComment(commentId: string): Promise<CommentRow> {
    const comment = await comments.findById(commentId);
    if (!comment) throw commentGone();
    return comment;
  }

  /** Authors and likes of a page of comments in two batched queries. */
  async function present(rows: CommentRow[]): Promise<Comment[]> {
    const [authors, likes] = await Promise.all([
      users.findByIds([...new Set(rows.map((r) => r.author_id))]),
      comments.likesOf(rows.map((r) => r.id)),
    ]);
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const likesOf = new Map<string, string[]>();
    for (const l of likes) likesOf.set(l.comment_id, [...(likesOf.get(l.comment_id) ?? []), l.user_id]);
    return rows.flatMap((r) => {
      const author = authorById.get(r.author_id);
      return author ? [presentComment(r, author, likesOf.get(r.id) ?? [])] : [];
    });
  }

  return {
    async list(postId: string, page: number, limit: number) {
      const post = await posts.existing(postId);
      const rows = await comments.pageOfPost(postId, limit, (page - 1) * limit);
      const total = post.commentsCount;
      return { comments: await present(rows), pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
    },

    async create(userId: string, postId: string, content: string): Promise<Comment> {
      const post = await posts.existing(postId);
      const row: CommentRow = { id: newId(), post_id: postId, author_id: userId, content, created_at: nowIso() };
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await commentRepo(trx).insert(row);
          await posts.bumpCommentCount(trx, postId, 1);
          await ctx.events.record(trx, 'commentAdded', {
            commentId: row.id,
            postId,
            postAuthorId: post.authorId,
            authorId: userId,
            content,
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw posts.gone();
        throw err;
      }
      ctx.events.publish('postChanged', { postId });
      const author = await users.findById(userId);
      if (!author) throw new NotFoundError('This account no longer exists.');
      return presentComment(row, author, []);
    },

    /** Likes or unlikes; answers the message the client keys on. */
    async toggleLike(userId: string, commentId: string) {
      const comment = await loadComment(commentId);
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
          throw new ConflictError('This like changed meanwhile. Please try again.');
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
        throw new ForbiddenError("Only the comment's author or the post's author may delete it.");
      }
      await ctx.db.transaction().execute(async (trx) => {
        if (await commentRepo(trx).delete(commentId)) await posts.bumpCommentCount(trx, comment.post_id, -1);
      });
      ctx.events.publish('postChanged', { postId: comment.post_id });
    },
  };
}
export type CommentService = ReturnType<typeof commentService>;
