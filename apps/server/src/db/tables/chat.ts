/** Tables of the chat feature. */

/** Primary key (pair_key, id). */
export interface MessagesTable {
  /** The pair room of the two users (their ids sorted, joined with '-'): the conversation key. */
  pair_key: string;
  /** UUIDv7, so ordering by id is ordering by time: history pages by it. */
  id: string;
  /**
   * The message's place in its conversation, in the order the server stored them (1, 2, 3 … per pair,
   * no gaps but for deleted messages): catch-up after a reconnect pages by it. Not the order of `id`,
   * which is minted before the message is stored. 0 only on a message stored by a server older than
   * migration 0113 during a rolling deploy.
   */
  seq: number;
  sender_id: string;
  receiver_id: string;
  /** The sender's idempotency key; unique per sender, so a retried send finds the original. */
  client_message_id: string | null;
  text: string;
  created_at: string;
  read_at: string | null;
  /**
   * JSON of the card of the message's first link (modules/link-previews), written after the message; null until
   * then or without one. Optional: a message is stored without it (the writer thread names its columns).
   */
  link_preview?: string | null;
  /**
   * JSON of what a group's system line records (who added whom, the new name …); null or absent on what
   * people write. Optional: the writer thread stores text messages without naming it.
   */
  system?: string | null;
}

/** A message as a send makes it: storing it gives it its `seq`. */
export type NewMessage = Omit<MessagesTable, 'seq'>;

/** One row per pair that has exchanged a message, written by its first message. */
export interface ConversationsTable {
  pair_key: string;
  user_low: string;
  user_high: string;
  created_at: string;
  /** The `seq` of the pair's last stored message (0 before the first): a send takes the next ones. */
  last_seq: number;
  /** `direct` (two people, `user_low` and `user_high`) or `group` (its members in `group_members`; its creator in both user columns). */
  kind?: 'direct' | 'group';
  /** A group's name, photo and creator; null on direct conversations. */
  name?: string | null;
  photo_url?: string | null;
  created_by?: string | null;
}

/** One row per member of a group conversation. */
export interface GroupMembersTable {
  conversation_key: string;
  user_id: string;
  /** `admin`: may add, remove, rename and change the photo (the creator). */
  role: 'admin' | 'member';
  joined_at: string;
  /** The `seq` of the last message the member read (0: none). */
  read_seq: number;
  /** 1 when the member muted the group. */
  muted: number;
}

/** The latest time someone left a group or was removed from it (gone once they are added again). */
export interface GroupDeparturesTable {
  conversation_key: string;
  user_id: string;
  reason: 'left' | 'removed';
  /** The `seq` of the system line that records it: the last message of the group they may still read. */
  seq: number;
  departed_at: string;
}

export interface ChatTables {
  messages: MessagesTable;
  conversations: ConversationsTable;
  group_members: GroupMembersTable;
  group_departures: GroupDeparturesTable;
}
