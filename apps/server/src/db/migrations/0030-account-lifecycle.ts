import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Accounts made before verification existed count as verified: their owners never got a link.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
  // Set on the placeholder that keeps a deleted account's conversations ("Deleted user").
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

  // Links mailed to a person (verify, change of address, password reset); only the token's hash is kept.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose', 'created_at']).execute();

  // User names of deleted accounts, unavailable to others until `held_until`.
  await db.schema
    .createTable('held_user_names')
    .addColumn('user_name_lower', 'text', (c) => c.primaryKey())
    .addColumn('held_until', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('held_user_names').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
