import type { ChatTables } from './tables/chat';
import type { PeopleTables } from './tables/people';
import type { PostTables } from './tables/posts';
import type { StoryTables } from './tables/stories';

/** Row types of every table, combined into the one `Database` type Kysely checks queries against. */
export interface UsersTable {
  id: string;
  user_name: string;
  user_name_lower: string;
  full_name: string;
  full_name_lower: string;
  email: string;
  user_bio: string | null;
  avatar_url: string | null;
  avatar_thumb_url: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** One login = one session = one refresh-token family. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

/** Each feature declares its tables in db/tables/<feature>.ts; this is their union. */
export type Database = AccountTables & PeopleTables & PostTables & StoryTables & ChatTables;
