/** The one place that decides which fields of a group's messages and system lines leave the server. */
import {
  groupSystemSchema,
  type GroupMessage,
  type GroupSystem,
  type GroupSystemEvent,
  type GroupSystemPerson,
  type Mention,
  type PublicUser,
} from '@plaza/contract';
import { presentLinkPreview } from '../../link-previews';
import type { MessageRow } from '../repo';

/** `mentions`: the message's, looked up by the caller (message-mentions.ts); a system line has none. */
export function presentGroupMessage(row: MessageRow, mentions: Mention[] = []): GroupMessage {
  const system = row.system ? groupSystemSchema.parse(JSON.parse(row.system)) : null;
  return {
    _id: row.id,
    conversationId: row.pair_key,
    senderId: row.sender_id,
    messageText: row.text,
    createdAt: row.created_at,
    kind: system ? 'system' : 'text',
    system,
    seq: Number(row.seq),
    clientMessageId: row.client_message_id,
    linkPreview: presentLinkPreview(row.link_preview ?? null),
    mentions: system ? [] : mentions,
  };
}

export const systemPerson = (u: PublicUser): GroupSystemPerson => ({ _id: u._id, userName: u.userName, fullName: u.fullName });

const names = (people: readonly GroupSystemPerson[]) => people.map((p) => p.fullName).join(', ');

/** The English sentence stored as a system line's text, for clients that do not read `system` (and the data export). */
export function systemText(s: GroupSystem): string {
  const who = s.actor.fullName;
  const type: GroupSystemEvent = s.type;
  switch (type) {
    case 'created':
      return `${who} created the group “${s.name ?? ''}”`;
    case 'added':
      return `${who} added ${names(s.users)}`;
    case 'removed':
      return `${who} removed ${names(s.users)}`;
    case 'left':
      return `${who} left`;
    case 'renamed':
      return `${who} renamed the group to “${s.name ?? ''}”`;
    case 'photo':
      return `${who} changed the group photo`;
  }
}
