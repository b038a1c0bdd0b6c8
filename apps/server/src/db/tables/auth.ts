/** Tables of the auth feature: sessions and their refresh tokens. */

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

export interface AuthTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}
