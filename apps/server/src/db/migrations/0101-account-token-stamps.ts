import type { Kysely } from 'kysely';

/**
 * Every mailed link carries the account's security stamp (modules/accounts/account-stamp.ts): a password
 * change or reset voids them all. Links minted before this migration have none and no longer work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('stamp', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('stamp').execute();
}
