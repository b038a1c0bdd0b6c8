/** Tables of the accounts feature: mailed links, held user names of deleted accounts, data exports. */

export type AccountTokenPurpose = 'verify_email' | 'change_email' | 'cancel_email_change' | 'reset_password';

/** One mailed link; the token itself is only in the mail, its SHA-256 here. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  /** The address the link was sent to (for a change of address: the new one). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The account's security stamp when the link was minted (modules/accounts/account-stamp.ts); null before migration 0101. */
  stamp: string | null;
}

/** A deleted account's user name, which nobody may take until `held_until`. */
export interface HeldUserNamesTable {
  user_name_lower: string;
  held_until: string;
}

export interface DataExportsTable {
  id: string;
  user_id: string;
  status: 'pending' | 'ready' | 'failed';
  /** Storage key of the zip once ready. */
  file_key: string | null;
  created_at: string;
  finished_at: string | null;
  /** When the zip is removed and its link stops working. */
  expires_at: string | null;
}

export interface AccountTables {
  account_tokens: AccountTokensTable;
  held_user_names: HeldUserNamesTable;
  data_exports: DataExportsTable;
}
