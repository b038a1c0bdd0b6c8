import { userSearchResponseSchema } from '@plaza/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { SUBSTRING_CANDIDATES } from './search-repo';

/** The trigram table is PostgreSQL's (migration 0085); SQLite keeps FTS5's, covered by the search tests. */
const postgres = dialects().filter((d) => d === 'postgres');

/** What the table must hold for a person: every three-letter piece of both lower-case names, once. */
const trigramsOf = (...names: string[]) =>
  [...new Set(names.flatMap((n) => Array.from({ length: n.length - 2 }, (_, i) => n.slice(i, i + 3))))].sort();

describe.each(postgres)('the name trigram table on %s', (dialect) => {
  const t = useTestApp(dialect);
  const rowsOf = async (userId: string) => {
    const { rows } = await sql<{ trigram: string; sort_name: string }>`
      select trigram, sort_name from name_trigrams where user_id = ${userId} order by trigram`.execute(t.app.ctx.db);
    return rows;
  };
  const search = async (who: TestUser, query: string) => {
    const res = await as(t.app, who)({ method: 'GET', url: `/search/users?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, userSearchResponseSchema).users.map((u) => u.userName);
  };

  it('holds the trigrams of a new person’s names, keyed by their user name', async () => {
    const u = await createUser(t.app, { userName: 'Tri_Signup', fullName: 'Ada Lovelace' });
    const rows = await rowsOf(u.user._id);
    expect(rows.map((r) => r.trigram)).toEqual(trigramsOf('tri_signup', 'ada lovelace'));
    expect(new Set(rows.map((r) => r.sort_name))).toEqual(new Set(['tri_signup']));
  });

  it('replaces them on a rename, of the user name or the full name alone', async () => {
    const u = await createUser(t.app, { userName: 'tri_before', fullName: 'Grace Hopper' });
    const patch = (payload: object) => as(t.app, u)({ method: 'PATCH', url: '/users/me', payload });
    expect((await patch({ userName: 'tri_after' })).statusCode).toBe(200);
    let rows = await rowsOf(u.user._id);
    expect(rows.map((r) => r.trigram)).toEqual(trigramsOf('tri_after', 'grace hopper'));
    expect(new Set(rows.map((r) => r.sort_name))).toEqual(new Set(['tri_after']));
    expect((await patch({ fullName: 'Grace Brewster' })).statusCode).toBe(200);
    rows = await rowsOf(u.user._id);
    expect(rows.map((r) => r.trigram)).toEqual(trigramsOf('tri_after', 'grace brewster'));
  });

  it('drops a deleted account’s rows, and its placeholder is never found', async () => {
    const me = await createUser(t.app);
    const leaving = await createUser(t.app, { userName: 'tri_leaving', fullName: 'Aqxvb Person' });
    expect(await search(me, 'qxv')).toEqual(['tri_leaving']);
    const res = await as(t.app, leaving)({ method: 'DELETE', url: '/users/me', payload: { password: leaving.password } });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(leaving.user._id)).toEqual([]);
    // The same query as before: the deletion dropped the kept answer.
    expect(await search(me, 'qxv')).toEqual([]);
    expect(await search(me, 'qxvb')).toEqual([]);
    // The placeholder keeps "Deleted user": in the table like anyone, left out by the search.
    expect(await search(me, 'eleted')).toEqual([]);
  });

  it(`ranks the first ${SUBSTRING_CANDIDATES} people by user name whose names hold the query, whatever order they joined in`, async () => {
    const me = await createUser(t.app);
    const names = Array.from({ length: SUBSTRING_CANDIDATES + 10 }, (_, i) => `in${String(i).padStart(3, '0')}pzqw`);
    // Joined last to first: the table's pages hold them in the reverse of name order.
    for (const userName of [...names].reverse()) await createUser(t.app, { userName, fullName: 'Plain Person' });
    // A word start that sorts after every candidate: past the cap, so not ranked.
    await createUser(t.app, { userName: 'zz.pzqw', fullName: 'Plain Person' });
    expect(await search(me, 'pzqw')).toEqual(names.slice(0, 20));
  });

  it('finds a substring through the rarest of its trigrams, common ones included', async () => {
    const me = await createUser(t.app);
    for (let i = 0; i < 30; i++) await createUser(t.app, { userName: `tri_common_${i}`, fullName: 'Common Person' });
    await createUser(t.app, { userName: 'tri_rare', fullName: 'Commonxq Person' });
    expect(await search(me, 'monxq')).toEqual(['tri_rare']);
    expect(await search(me, 'ommon p')).toHaveLength(20);
  });
});
