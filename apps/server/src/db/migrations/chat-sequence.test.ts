import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness';
import type { Db } from '../index';
import { useEmptyDatabase } from './testing';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

/** Messages and conversations as an install before migration 0113 holds them (no seq). */
async function seedBefore(db: Db) {
  for (const id of ['ann', 'bob', 'cy', 'dee']) {
    await sql`insert into users (id, user_name, user_name_lower, full_name, full_name_lower, email, password_hash, created_at, updated_at)
      values (${id}, ${id}, ${id}, ${id}, ${id}, ${`${id}@plaza.example`}, 'x', ${at(0)}, ${at(0)})`.execute(db);
  }
  const conversation = (pair: string, low: string, high: string) =>
    sql`insert into conversations (pair_key, user_low, user_high, created_at) values (${pair}, ${low}, ${high}, ${at(1)})`.execute(db);
  const message = (pair: string, id: string, from: string, to: string, minute: number) =>
    sql`insert into messages (pair_key, id, sender_id, receiver_id, client_message_id, text, created_at, read_at)
      values (${pair}, ${id}, ${from}, ${to}, null, ${id}, ${at(minute)}, null)`.execute(db);
  await conversation('ann-bob', 'ann', 'bob');
  await conversation('bob-cy', 'bob', 'cy');
  // A pair whose messages were all removed: a row, nothing to number.
  await conversation('ann-dee', 'ann', 'dee');
  // Written out of id order: numbered by id, the order history has always shown.
  await message('ann-bob', 'm3', 'bob', 'ann', 3);
  await message('ann-bob', 'm1', 'ann', 'bob', 1);
  await message('ann-bob', 'm2', 'ann', 'bob', 2);
  await message('bob-cy', 'm4', 'cy', 'bob', 4);
  // Messages without their conversation row: the migration makes one.
  await message('cy-dee', 'm6', 'dee', 'cy', 6);
  await message('cy-dee', 'm5', 'cy', 'dee', 5);
}

describe.each(dialects())('migration 0113 on %s', (dialect) => {
  const emptyDatabase = useEmptyDatabase(dialect);

  it("numbers each conversation's existing messages in id order and records where each sequence stands", async () => {
    const { db, migrator } = await emptyDatabase();
    expect((await migrator.migrateTo('0102-idempotency-keys')).error).toBeUndefined();
    await seedBefore(db);
    expect((await migrator.migrateTo('0113-chat-sequence')).error).toBeUndefined();

    const messages = await db.selectFrom('messages').select(['pair_key', 'id', 'seq']).orderBy('pair_key').orderBy('seq').execute();
    expect(messages.map((m) => [m.pair_key, m.id, Number(m.seq)])).toEqual([
      ['ann-bob', 'm1', 1],
      ['ann-bob', 'm2', 2],
      ['ann-bob', 'm3', 3],
      ['bob-cy', 'm4', 1],
      ['cy-dee', 'm5', 1],
      ['cy-dee', 'm6', 2],
    ]);
    const conversations = await db.selectFrom('conversations').selectAll().orderBy('pair_key').execute();
    expect(conversations.map((c) => [c.pair_key, c.user_low, c.user_high, Number(c.last_seq)])).toEqual([
      ['ann-bob', 'ann', 'bob', 3],
      ['ann-dee', 'ann', 'dee', 0],
      ['bob-cy', 'bob', 'cy', 1],
      ['cy-dee', 'cy', 'dee', 2],
    ]);
    expect(conversations.find((c) => c.pair_key === 'cy-dee')?.created_at).toBe(at(5));

    // And back: the columns go, the rows stay.
    expect((await migrator.migrateTo('0102-idempotency-keys')).error).toBeUndefined();
    const { rows } = await sql<{ n: number }>`select count(*) as n from messages`.execute(db);
    expect(Number(rows[0].n)).toBe(6);
  });
});
