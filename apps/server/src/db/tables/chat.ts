/** Tables of the chat feature. */

export interface MessagesTable {
  /** UUIDv7, so ordering by id is ordering by time: history pages by it. */
  id: string;
  /** The pair room of the two users (their ids sorted, joined with '-'): the conversation key. */
  pair_key: string;
  sender_id: string;
  receiver_id: string;
  /** The sender's idempotency key; unique per sender, so a retried send finds the original. */
  client_message_id: string | null;
  text: string;
  created_at: string;
  read_at: string | null;
}

/** One row per pair that has exchanged a message: the conversation list reads this, not every message. */
export interface ConversationsTable {
  pair_key: string;
  user_low: string;
  user_high: string;
  last_message_id: string;
  updated_at: string;
}

export interface ChatTables {
  messages: MessagesTable;
  conversations: ConversationsTable;
}
