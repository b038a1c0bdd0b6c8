/** Tables of the users feature: the accounts themselves. */
import type { Language, Role } from '@plaza/contract';
import type { ColumnType } from 'kysely';

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
  /** `member` unless `npm run admin -- grant` made them a moderator or admin (migration 0020). */
  role: ColumnType<Role, Role | undefined, Role>;
  /** Until when the account is suspended (the far future for good), or null. */
  suspended_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** Null until the address is confirmed from a mailed link (accounts made before verification existed count as verified). */
  email_verified_at: string | null;
  /**
   * Set only on the placeholder that keeps a deleted account's conversations: it has no email, password
   * or content, is never listed or found, and shows as "Deleted user" (docs/decisions/accounts.md).
   */
  deleted_at: string | null;
  /** The language they read Plaza in (migration 0125); English unless they chose another. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Set only for a person of another server (modules/federation): their server's host[:port]. They never sign in here. */
  remote_host: ColumnType<string | null, string | null | undefined, string | null>;
  /** A remote person's page on their own server; null for local accounts. */
  profile_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Migrations 0002 and 0085 also keep name-search helpers that only raw SQL in users/search-repo.ts reads,
 * so they have no row type here: on SQLite the FTS5 table `users_name_trigrams` and its
 * `users_name_trigram_keys`, on PostgreSQL `name_trigrams` (trigram runs in user-name order), all
 * maintained by triggers on `users`.
 */
export interface UserTables {
  users: UsersTable;
}
