/** Tables of the auth feature: sessions and their refresh tokens. */

/** One login = one session = one refresh-token family. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  address: string | null;
  /** Sign-in or the last refresh; null on sessions older than the column. */
  last_active_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TwoFactorSecretsTable {
  user_id: string;
  sealed_secret: string;
  created_at: string;
  enabled_at: string | null;
  last_step: number;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** `id` is the challenge itself (random, or the WebAuthn challenge); `purpose` says which step may spend it. */
export interface SignInChallengesTable {
  id: string;
  purpose: 'totp' | 'passkey-login' | 'passkey-register';
  user_id: string | null;
  expires_at: string;
}

export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: number;
  /** JSON array of the transports the authenticator named. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AuthTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  two_factor_secrets: TwoFactorSecretsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
}
