/**
 * Direct messages other servers send, after Fedify has checked the signature and post-inbox.ts that the Note
 * is its sender's own: a Note addressed to one person of this server and no one else (no `Public`, no
 * followers collection) and mentioning them (Mastodon's direct message, chat-sync.ts's) is a chat message from
 * its sender to that person, when the two are friends; anything else addressed that way is dropped, never
 * made a post. Its HTML kept as text plus links, as a post's is (note-html.ts), less the mention of the receiver
 * it opens with.
 * The Note's id goes in as the message's client id, so the same Note arriving twice stores one message.
 */
import type { InboxContext } from '@fedify/fedify';
import { Mention, type Note } from '@fedify/vocab';
import { CHAT } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ChatFeature } from '../chat';
import { areFriends } from '../people';
import { userRepo } from '../users';
import { textOfHtml } from './note-html';

export interface ChatInboxDeps {
  chat: ChatFeature['remote'];
}

/** The one person of this server a Note is addressed to, and no one else; null for anything else. */
export function directRecipient(c: InboxContext<void>, note: Note): string | null {
  const addressed = [...note.toIds, ...note.ccIds, ...note.btoIds, ...note.bccIds];
  const local = new Set<string>();
  for (const uri of addressed) {
    const parsed = c.parseUri(uri);
    // `Public`, a followers collection, someone of another server: not a message for one person here.
    if (parsed?.type !== 'actor') return null;
    local.add(parsed.identifier);
  }
  return local.size === 1 ? [...local][0] : null;
}

/**
 * Whether the Note mentions the person, as every direct message of Mastodon's or of chat-sync.ts does. It tells
 * a message from a reply to a post gone meanwhile, which comment-sync.ts addresses to the post's author alone.
 */
async function mentions(c: InboxContext<void>, note: Note, receiverId: string): Promise<boolean> {
  const receiver = c.getActorUri(receiverId).href;
  for await (const tag of note.getTags({ documentLoader: c.documentLoader, suppressError: true })) {
    if (tag instanceof Mention && tag.href?.href === receiver) return true;
  }
  return false;
}

export function chatInbox(ctx: AppContext, deps: ChatInboxDeps) {
  const users = userRepo(ctx.db);

  /** The text without the mention of the receiver a direct message opens with (`@ana` or `@ana@host`). */
  function withoutMention(text: string, receiverName: string): string {
    const host = new URL(ctx.config.publicUrl).host;
    const mention = new RegExp(`^@${escape(receiverName)}(@${escape(host)})?(?=\\s|$)\\s*`, 'i');
    return text.replace(mention, '');
  }

  return {
    /** `senderId`: the remote person who wrote `note`; `receiverId`: whom it is addressed to alone (directRecipient). */
    async message(c: InboxContext<void>, note: Note, senderId: string, receiverId: string): Promise<void> {
      if (!note.id || !(await mentions(c, note, receiverId)) || !(await areFriends(ctx.db, senderId, receiverId))) return;
      const receiver = await users.findById(receiverId);
      if (!receiver || receiver.remote_host || receiver.deleted_at) return;
      const text = withoutMention(textOfHtml(note.content?.toString() ?? '').trim(), receiver.user_name).slice(0, CHAT.messageMaxLength);
      if (text.trim() === '') return;
      try {
        await deps.chat.send(senderId, receiverId, text, note.id.href);
      } catch (err) {
        // Refused as a local send would be (a block, a suspension): nothing stored.
        if (!(err instanceof ForbiddenError || err instanceof NotFoundError || err instanceof BadRequestError)) throw err;
      }
    },
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
