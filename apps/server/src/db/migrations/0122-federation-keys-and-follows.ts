import type { Kysely } from 'kysely';

/**
 * Federation's own state (modules/federation): each local person's key pairs (RSA for HTTP Signatures as
 * Mastodon reads them, Ed25519 for object proofs), made once on first use; and the follows that carry a
 * friendship across servers, in both directions, with the id of the Follow activity so Accept, Reject and
 * Undo can name it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('federation_keys')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('rsa_public', 'text', (c) => c.notNull())
    .addColumn('rsa_private', 'text', (c) => c.notNull())
    .addColumn('ed25519_public', 'text', (c) => c.notNull())
    .addColumn('ed25519_private', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('federation_follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('federation_follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('federation_follows_activity_idx').on('federation_follows').column('activity_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('federation_follows').execute();
  await db.schema.dropTable('federation_keys').execute();
}
