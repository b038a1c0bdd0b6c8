import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where and when a session was last seen, for the list of sessions and the new-device notice.
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'text').execute();

  // One TOTP secret per account, sealed with a key derived from the server's secret; in force once enabled_at is set.
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sealed_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    // The TOTP time step of the last code accepted: a code is taken only from a later step, so none is replayed.
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  // Challenges of a sign-in step or a passkey ceremony: single use (deleted when answered), short-lived.
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_expires_idx').on('sign_in_challenges').column('expires_at').execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor_secrets').execute();
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.alterTable('sessions').dropColumn('address').execute();
}
