import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dialects, freshPostgresDatabase } from '../../../test/harness';
import { createDb, migrateToLatest } from '../index';
import { migrations } from './index';

const postgres = dialects().filter((d) => d === 'postgres');

describe.each(postgres)('the friends indexes of migration 0093 on %s', () => {
  it('are built on a network whose build outlasts the statement timeout, which every other statement keeps', async () => {
    const database = await freshPostgresDatabase();
    const timeouts = { poolSize: 4, connectMs: 3000, idleInTransactionMs: 5000 };
    // The migrations before it under the usual bound: on a busy machine even a small one can take 20 ms.
    const earlier = createDb({ kind: 'postgres', url: database.url }, undefined, { ...timeouts, statementMs: 5000 }).db;
    // A statement timeout far below what building an index over 200,000 friendships takes (~0.6 s).
    const { db } = createDb({ kind: 'postgres', url: database.url }, undefined, { ...timeouts, statementMs: 100 });
    const filler = new pg.Client({ connectionString: database.url });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0093'));
      const old = new Migrator({ db: earlier, provider: { getMigrations: async () => before }, allowUnorderedMigrations: true });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      await filler.connect();
      // Friendships between people who are not there: the users' foreign keys are not what this is about.
      await filler.query('set session_replication_role = replica');
      await filler.query(`insert into connections (id, user_low, user_high, requester_id, status, created_at, updated_at)
        select 'c' || g, 'low' || lpad(g::text, 8, '0'), 'high' || lpad((g * 7919 % 200000)::text, 8, '0'), 'x', 'accepted', '', ''
        from generate_series(1, 200000) g`);

      await migrateToLatest(db);

      const { rows } = await filler.query<{ indexname: string }>(
        "select indexname from pg_indexes where tablename = 'connections' and indexname like 'connections_%_idx' order by indexname",
      );
      expect(rows.map((r) => r.indexname)).toEqual(['connections_high_friends_idx', 'connections_low_friends_idx']);
      // Outside the migrations' transaction the bound is the configured one again.
      await expect(
        db
          .selectFrom('connections')
          .select((eb) => eb.fn<number>('pg_sleep', [eb.val(0.5)]).as('slept'))
          .limit(1)
          .execute(),
      ).rejects.toThrow(/statement timeout/);
    } finally {
      await filler.end().catch(() => {});
      await earlier.destroy();
      await db.destroy();
      await database.drop();
    }
  }, 60_000);
});
