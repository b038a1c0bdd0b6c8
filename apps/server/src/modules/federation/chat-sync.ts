/**
 * Chat of Plaza's people with friends on other servers: a message to a remote friend goes as `Create(Note)`
 * addressed to that person alone, with a `Mention` of them and nothing to `Public` or to a followers
 * collection, as Mastodon sends a direct message. Sent from the recorded `messageToRemote` through Fedify's
 * queue, the activity's id made from the event's, so an event handed over twice sends one activity the
 * other side drops; the Note's id is the message's, so a message recorded twice is still kept once there.
 * A message to someone who is not (or no longer) a friend stays here. Coming in: chat-inbox.ts.
 */
import type { Federation } from '@fedify/fedify';
import { Create, Mention, Note } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { AppContext } from '../../context';
import type { DomainEvents, EventMeta } from '../../lib/events';
import { areFriends } from '../people';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { noteHtml } from './note-html';
import { recipientOf } from './remote-actors-repo';

/** Where a message's Note lives: it is sent whole, never fetched, so no dispatcher answers for it. */
const messageNoteId = (publicUrl: string, messageId: string) => new URL(`/ap/messages/${messageId}`, publicUrl);

export function chatSync(ctx: AppContext, federation: Federation<void>, deps: { directory: RemoteDirectory }) {
  const users = userRepo(ctx.db);

  return {
    sent: async (
      { messageId, senderId, receiverId, text, createdAt }: DomainEvents['messageToRemote'],
      { id }: EventMeta,
    ): Promise<void> => {
      const [sender, receiver, friend] = await Promise.all([
        users.findById(senderId),
        users.findById(receiverId),
        deps.directory.byUserId(receiverId),
      ]);
      if (!sender || sender.remote_host || sender.deleted_at || !receiver || !friend) return;
      if (!(await areFriends(ctx.db, senderId, receiverId))) return;
      const c = federation.createContext(new URL(ctx.config.publicUrl), undefined);
      const me = c.getActorUri(senderId);
      const them = new URL(friend.actor_url);
      const note = new Note({
        id: messageNoteId(ctx.config.publicUrl, messageId),
        attribution: me,
        to: them,
        tags: [new Mention({ href: them, name: `@${receiver.user_name}` })],
        content: noteHtml(text),
        mediaType: 'text/html',
        published: Temporal.Instant.from(createdAt),
      });
      const create = new Create({ id: new URL(`/ap/creates/${id}`, ctx.config.publicUrl), actor: me, object: note, to: them });
      // To their own inbox: a shared inbox would be told of a message meant for one person.
      await c.sendActivity({ identifier: senderId }, recipientOf(friend), create, { orderingKey: `${me.href} ${them.href}` });
    },
  };
}
