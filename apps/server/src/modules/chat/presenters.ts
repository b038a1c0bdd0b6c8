/** The one place that decides which message fields leave the server. */
import type { Message } from '@plaza/contract';
import { presentLinkPreview } from '../link-previews';
import type { MessageRow } from './repo';

export function presentMessage(row: MessageRow, mentions: Message['mentions']): Message {
  return {
    _id: row.id,
    clientMessageId: row.client_message_id,
    messageSender: row.sender_id,
    messageReceiver: row.receiver_id,
    messageText: row.text,
    createdAt: row.created_at,
    readAt: row.read_at,
    seq: row.seq,
    linkPreview: presentLinkPreview(row.link_preview),
    mentions,
  };
}
