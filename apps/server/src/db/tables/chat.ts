/** Tables of the chat feature. */

/** Primary key (pair_key, id). */
export interface MessagesTable {
  /** The pair room of the two users (their ids sorted, joined with '-'): the conversation key. */
  pair_key: string;
  /** UUIDv7, so ordering by id is ordering by time: history pages by it. */
  id: string;
  sender_id: string;
  receiver_id: string;
  /** The sender's idempotency key; unique per sender, so a retried send finds the original. */
  client_message_id: string | null;
  text: string;
  created_at: string;
  read_at: string | null;
}

/** One row per pair that has exchanged a message, written by its first message. */
export interface ConversationsTable {
  pair_key: string;
  user_low: string;
  user_high: string;
  created_at: string;
}

export interface ChatTables {
  messages: MessagesTable;
  conversations: ConversationsTable;
}
