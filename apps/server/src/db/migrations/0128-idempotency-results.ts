import type { Kysely } from 'kysely';

/**
 * What a keyed write committed (the id it created, or a toggle's outcome), written in the write's own
 * transaction: a key whose answer was lost after the commit still says the write happened
 * (src/idempotency/keyed-write.ts). A nullable column: the release before reads and writes the table as it did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('result', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('result').execute();
}
