import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { friendIdsQuery } from './friendships';

/**
 * A range of a person's friends in id order, as a post's fan-out reads one batch at a time
 * (posts/timeline-read-model.ts): each half of the friends query seeks into an index that holds the
 * friend's id and walks it in order, so a batch reads its own friends, not all of them and a sort.
 * SQLite's plan is the same whatever the table holds; PostgreSQL's depends on its statistics, so the
 * plan is checked here on SQLite and the effect measured in bench/feed/fan-out.ts on both.
 */
describe('the friends of one person, a range at a time, on sqlite', () => {
  const t = useTestApp('sqlite');

  it('come from two covering indexes merged in order, without reading the table or sorting', async () => {
    const db = t.app.ctx.db;
    const range = db
      .selectFrom(friendIdsQuery(db, 'someone').as('f'))
      .select('f.friend_id')
      .where('f.friend_id', '>', 'after')
      .orderBy('f.friend_id')
      .limit(250)
      .compile();
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${range.sql}`, [...range.parameters]));
    const plan = rows.map((r) => r.detail);
    expect(plan.filter((d) => d.startsWith('SEARCH connections'))).toEqual([
      expect.stringMatching(/USING COVERING INDEX connections_low_friends_idx \(user_low=\? AND status=\? AND user_high>\?\)/),
      expect.stringMatching(/USING COVERING INDEX connections_high_friends_idx \(user_high=\? AND status=\? AND user_low>\?\)/),
    ]);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
