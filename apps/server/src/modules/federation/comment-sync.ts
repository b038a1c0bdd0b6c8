/**
 * Comments of Plaza's people on posts that travel between servers, sent as a reply Note (`inReplyTo` the
 * post's Note) through Fedify's queue:
 *   on a post that came from another server → to its author there;
 *   on a post of this server that went to friends elsewhere → to the author's friends on other servers.
 * A comment of someone of another server is never sent back out. Sent from the recorded `commentAdded`,
 * whose id names the activity, so an event handed over twice sends one activity the other side drops.
 */
import type { Federation } from '@fedify/fedify';
import { Create, Note } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { DomainEvents, EventMeta } from '../../lib/events';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { federatedPostsRepo } from './federated-posts-repo';
import { noteHtml } from './note-html';
import { noteIdOf } from './notes';
import { recipientOf } from './remote-actors-repo';

/** Where a comment's Note lives: it is sent whole, never fetched, so no dispatcher answers for it. */
export const commentNoteId = (publicUrl: string, commentId: string) => new URL(`/ap/comments/${commentId}`, publicUrl);

export function commentSync(ctx: AppContext, federation: Federation<void>, deps: { directory: RemoteDirectory }) {
  const posts = federatedPostsRepo(ctx.db);
  const users = userRepo(ctx.db);

  return {
    added: async (
      { commentId, postId, postAuthorId, authorId, content }: DomainEvents['commentAdded'],
      { id }: EventMeta,
    ): Promise<void> => {
      const author = await users.findById(authorId);
      if (!author || author.remote_host || author.deleted_at) return;
      const c = federation.createContext(new URL(ctx.config.publicUrl), undefined);
      const fromElsewhere = await posts.byPost(postId);
      const remoteAuthor = fromElsewhere ? await deps.directory.byUserId(postAuthorId) : undefined;
      const recipients = remoteAuthor ? [remoteAuthor] : fromElsewhere ? [] : await posts.remoteFriendsOf(postAuthorId);
      if (recipients.length === 0) return;
      const postNote = fromElsewhere ? new URL(fromElsewhere.object_url) : noteIdOf(c, postId);
      const me = c.getActorUri(authorId);
      const note = new Note({
        id: commentNoteId(ctx.config.publicUrl, commentId),
        attribution: me,
        replyTarget: postNote,
        content: noteHtml(content),
        mediaType: 'text/html',
        to: remoteAuthor ? new URL(remoteAuthor.actor_url) : c.getFollowersUri(postAuthorId),
      });
      const create = new Create({ id: new URL(`/ap/creates/${id}`, ctx.config.publicUrl), actor: me, object: note });
      await c.sendActivity({ identifier: authorId }, recipients.map(recipientOf), create, {
        preferSharedInbox: true,
        orderingKey: postNote.href,
      });
    },
  };
}
