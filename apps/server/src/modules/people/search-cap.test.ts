import { userSearchResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { act } from '../safety/testing';
import { searchRepo, SUBSTRING_CANDIDATES } from '../users';

describe.each(dialects())('user search with more substring matches than it ranks, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const search = async (who: TestUser, query: string) => {
    const res = await as(t.app, who)({ method: 'GET', url: `/search/users?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, userSearchResponseSchema).users.map((u) => u.userName);
  };
  /** People whose user names hold `needle` inside a word, in this order (the order the indexes find them). */
  const insideWord = async (needle: string, count: number) => {
    const names = Array.from({ length: count }, (_, i) => `in${String(i).padStart(3, '0')}${needle}x`);
    for (const userName of names) await createUser(t.app, { userName, fullName: 'Plain Person' });
    return names;
  };

  it(`never gives up a name starting with the query for one containing it, past ${SUBSTRING_CANDIDATES} candidates`, async () => {
    const me = await createUser(t.app);
    const inside = await insideWord('qzvk', SUBSTRING_CANDIDATES + 5);
    // Created last, so found after every substring candidate.
    await createUser(t.app, { userName: 'zz_later_word', fullName: 'Some Qzvkson' });
    await createUser(t.app, { userName: 'qzvk_first', fullName: 'Plain Person' });
    const found = await search(me, 'qzvk');
    expect(found.slice(0, 2)).toEqual(['qzvk_first', 'zz_later_word']);
    expect(found.slice(2)).toHaveLength(18);
    expect(found.slice(2).every((name) => inside.includes(name))).toBe(true);
  });

  it(`ranks at most ${SUBSTRING_CANDIDATES} substring candidates, word starts first among them`, async () => {
    const me = await createUser(t.app);
    const inside = await insideWord('wqjh', SUBSTRING_CANDIDATES + 5);
    await createUser(t.app, { userName: 'zz.wqjh_word_start', fullName: 'Plain Person' });
    const read = await searchRepo(t.app.ctx.db, t.app.ctx.dialect).substringMatches('wqjh', [], 1000);
    expect(read).toHaveLength(SUBSTRING_CANDIDATES);
    const found = await search(me, 'wqjh');
    expect(found).toHaveLength(20);
    // Which candidates the index gives first is its own order; the ranking among them is the rule's.
    const rest = found[0] === 'zz.wqjh_word_start' ? found.slice(1) : found;
    expect(rest.every((name) => inside.includes(name))).toBe(true);
    expect(rest).toEqual([...rest].sort());
  });

  it('still leaves out a person who blocked the searcher and a suspended one, however many candidates there are', async () => {
    const me = await createUser(t.app);
    // A word start found first: without the rules it would lead the page.
    const blocker = await createUser(t.app, { userName: 'aa_vqxj_blocker', fullName: 'Plain Person' });
    const inside = await insideWord('vqxj', SUBSTRING_CANDIDATES + 5);
    await act(t.app, blocker, 'block', me);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_until: until }).where('user_name', '=', inside[0]).execute();
    const found = await search(me, 'vqxj');
    expect(found.length).toBeGreaterThanOrEqual(18);
    expect(found).toEqual(inside.slice(1, 1 + found.length));
  });
});
