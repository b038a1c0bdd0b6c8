/**
 * Replies other servers send, after Fedify has checked the signature and post-inbox.ts that the Note is
 * its sender's own:
 *   Create(Note inReplyTo a post here) → a comment by the remote person, when they wrote the post or are a
 *                                        friend of its author; its HTML kept as text plus links, counted and
 *                                        notified as a local comment is (the comments feature's own create);
 *   Delete of such a reply              → the comment removed, by its author only;
 *   Delete of a comment of this server  → the comment removed, by the author of the post it answers (a post
 *                                        that came from their server), as they may remove it here.
 * The same reply arriving twice writes one comment: its Note id goes in with it, in one transaction.
 */
import type { InboxContext } from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import { LIMITS } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { CommentsFeature } from '../comments';
import { areFriends } from '../people';
import type { PostsApi } from '../posts';
import { commentIdOf } from './comment-sync';
import { federatedCommentsRepo } from './federated-comments-repo';
import { federatedPostsRepo } from './federated-posts-repo';
import { textOfHtml } from './note-html';

export interface CommentInboxDeps {
  posts: PostsApi;
  comments: CommentsFeature['remote'];
}

/** A reply that no longer applies (the post went, a block stands between them, nothing left to say) writes nothing. */
function unlessRefused(err: unknown): void {
  if (err instanceof NotFoundError || err instanceof BadRequestError || err instanceof ForbiddenError || isUniqueViolation(err)) return;
  throw err;
}

export function commentInbox(ctx: AppContext, deps: CommentInboxDeps) {
  const replies = federatedCommentsRepo(ctx.db);
  const posts = federatedPostsRepo(ctx.db);

  /** The Plaza post a reply answers: one of this server's Notes, or a post that came from another server. */
  async function postOf(c: InboxContext<void>, target: URL): Promise<string | null> {
    const parsed = c.parseUri(target);
    if (parsed?.type === 'object' && parsed.class === Note) return parsed.values.id;
    return (await posts.byObject(target.href))?.post_id ?? null;
  }

  return {
    /** Whether a reply's target is a post this server has (one of its own, or one that came from elsewhere). */
    answersPost: async (c: InboxContext<void>, target: URL): Promise<boolean> => (await postOf(c, target)) !== null,

    /** `senderId`: the remote person who wrote `note` (post-inbox.ts checked it is theirs). */
    async reply(c: InboxContext<void>, note: Note, senderId: string): Promise<void> {
      if (!note.id || !note.replyTargetId || (await replies.byObject(note.id.href))) return;
      const postId = await postOf(c, note.replyTargetId);
      const post = postId ? await deps.posts.published(postId) : undefined;
      if (!post) return;
      if (post.authorId !== senderId && !(await areFriends(ctx.db, senderId, post.authorId))) return;
      const content = textOfHtml(note.content?.toString() ?? '').slice(0, LIMITS.commentContent.max);
      if (content === '') return;
      const objectUrl = note.id.href;
      await deps.comments
        .create(senderId, post.id, content, true, null, (trx, commentId) =>
          federatedCommentsRepo(trx).insert({ object_url: objectUrl, comment_id: commentId, author_id: senderId }),
        )
        .catch(unlessRefused);
    },

    /**
     * Whether `objectUrl` named a reply stored here (then it was removed if `senderId` wrote it) or a comment
     * of this server (removed if `senderId` wrote the post it answers: the comments feature's own rule).
     */
    async delete(objectUrl: string, senderId: string | undefined): Promise<boolean> {
      const known = await replies.byObject(objectUrl);
      if (!known) {
        const ours = commentIdOf(ctx.config.publicUrl, objectUrl);
        if (ours && senderId) await deps.comments.remove(senderId, ours).catch(unlessRefused);
        return ours !== null;
      }
      if (senderId === known.author_id) await deps.comments.remove(senderId, known.comment_id).catch(unlessRefused);
      return true;
    },
  };
}
