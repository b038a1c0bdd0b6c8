import type { Kysely } from 'kysely';

/**
 * Fedify's key-value store on the app's own database (modules/federation/kv-store.ts): cached remote
 * documents and keys, and the ids of activities already handled (so a replayed one is ignored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federation_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('federation_kv_expires_idx').on('federation_kv').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federation_kv').execute();
}
