/**
 * Comments of Plaza's people on posts that travel between servers, sent as a reply Note (`inReplyTo` the
 * post's Note) through Fedify's queue:
 *   on a post that came from another server → to its author there;
 *   on a post of this server that went to friends elsewhere → to the author's friends on other servers.
 * Deleted (by its author, the post's author or a moderator) → `Delete` of that Note, to the same servers.
 * A comment of someone of another server is never sent back out; deleted here by the author of the post it
 * answers, a `Delete` of its Note goes from that author to the commenter's server, where the post's author
 * may delete it as here (comment-inbox.ts). A moderator's removal stays here: only the Note's author or
 * the post's may delete it there. Sent from the recorded `commentAdded` and
 * `commentDeleted`, whose ids name the activities, so an event handed over twice sends one activity the
 * other side drops.
 */
import type { Federation } from '@fedify/fedify';
import { Create, Delete, Note, Tombstone, type Recipient } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { DomainEvents, EventMeta } from '../../lib/events';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { federatedCommentsRepo } from './federated-comments-repo';
import { federatedPostsRepo } from './federated-posts-repo';
import { noteHtml } from './note-html';
import { noteIdOf } from './notes';
import { recipientOf } from './remote-actors-repo';

/** Where a comment's Note lives: it is sent whole, never fetched, so no dispatcher answers for it. */
export const commentNoteId = (publicUrl: string, commentId: string) => new URL(`/ap/comments/${commentId}`, publicUrl);

/** The comment of this server a Note id names, or null. */
export function commentIdOf(publicUrl: string, noteId: string): string | null {
  const prefix = commentNoteId(publicUrl, '').href;
  const id = noteId.startsWith(prefix) ? noteId.slice(prefix.length) : '';
  return /^[\w-]+$/.test(id) ? id : null;
}

interface Audience {
  recipients: Recipient[];
  /** The Note of the post the comment answers. */
  postNote: URL;
  /** Whom the reply is addressed to: the remote author, or the local author's followers. */
  to: URL;
}

// Long: a service; each method is short and shares the repositories and the Fedify context made once here.
export function commentSync(ctx: AppContext, federation: Federation<void>, deps: { directory: RemoteDirectory }) {
  const posts = federatedPostsRepo(ctx.db);
  const replies = federatedCommentsRepo(ctx.db);
  const users = userRepo(ctx.db);
  const context = () => federation.createContext(new URL(ctx.config.publicUrl), undefined);

  /** Where a comment of `authorId` on the post travels; null when it stays here (its author is remote, nobody elsewhere reads the post). */
  async function audienceOf(authorId: string, postId: string, postAuthorId: string): Promise<Audience | null> {
    const author = await users.findById(authorId);
    if (!author || author.remote_host || author.deleted_at) return null;
    const c = context();
    const fromElsewhere = await posts.byPost(postId);
    const remoteAuthor = fromElsewhere ? await deps.directory.byUserId(postAuthorId) : undefined;
    const recipients = remoteAuthor ? [remoteAuthor] : fromElsewhere ? [] : await posts.remoteFriendsOf(postAuthorId);
    if (recipients.length === 0) return null;
    return {
      recipients: recipients.map(recipientOf),
      postNote: fromElsewhere ? new URL(fromElsewhere.object_url) : noteIdOf(c, postId),
      to: remoteAuthor ? new URL(remoteAuthor.actor_url) : c.getFollowersUri(postAuthorId),
    };
  }

  /** A comment from another server deleted here by the author of the post (of this server) it answers: told to the commenter's server. */
  async function deletedByPostAuthor(
    { postId, postAuthorId, authorId, deletedBy }: DomainEvents['commentDeleted'],
    noteUrl: string,
    { id }: EventMeta,
  ): Promise<void> {
    if (deletedBy !== postAuthorId || deletedBy === authorId) return;
    const [postAuthor, commenter] = await Promise.all([users.findById(postAuthorId), deps.directory.byUserId(authorId)]);
    if (!postAuthor || postAuthor.remote_host || postAuthor.deleted_at || !commenter) return;
    const c = context();
    const del = new Delete({
      id: new URL(`/ap/deletes/${id}`, ctx.config.publicUrl),
      actor: c.getActorUri(postAuthorId),
      object: new Tombstone({ id: new URL(noteUrl) }),
      to: new URL(commenter.actor_url),
    });
    await c.sendActivity({ identifier: postAuthorId }, recipientOf(commenter), del, { orderingKey: noteIdOf(c, postId).href });
  }

  return {
    sweep: () => replies.sweepNotes(),

    added: async (
      { commentId, postId, postAuthorId, authorId, content }: DomainEvents['commentAdded'],
      { id }: EventMeta,
    ): Promise<void> => {
      const audience = await audienceOf(authorId, postId, postAuthorId);
      if (!audience) return;
      const c = context();
      const me = c.getActorUri(authorId);
      const note = new Note({
        id: commentNoteId(ctx.config.publicUrl, commentId),
        attribution: me,
        replyTarget: audience.postNote,
        content: noteHtml(content),
        mediaType: 'text/html',
        to: audience.to,
      });
      const create = new Create({ id: new URL(`/ap/creates/${id}`, ctx.config.publicUrl), actor: me, object: note });
      await c.sendActivity({ identifier: authorId }, audience.recipients, create, {
        preferSharedInbox: true,
        orderingKey: audience.postNote.href,
      });
    },

    deleted: async (event: DomainEvents['commentDeleted'], meta: EventMeta): Promise<void> => {
      const { commentId, postId, postAuthorId, authorId } = event;
      const note = await replies.noteOf(commentId);
      if (note) {
        await deletedByPostAuthor(event, note.object_url, meta);
        return replies.forgetNote(commentId);
      }
      const { id } = meta;
      const audience = await audienceOf(authorId, postId, postAuthorId);
      if (!audience) return;
      const c = context();
      const del = new Delete({
        id: new URL(`/ap/deletes/${id}`, ctx.config.publicUrl),
        actor: c.getActorUri(authorId),
        object: new Tombstone({ id: commentNoteId(ctx.config.publicUrl, commentId) }),
        to: audience.to,
      });
      // In order after its Create, which went under the same key.
      await c.sendActivity({ identifier: authorId }, audience.recipients, del, {
        preferSharedInbox: true,
        orderingKey: audience.postNote.href,
      });
    },
  };
}
