import { suggestionsResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { anyString } from '../../../test/matchers';
import { bodyOf } from '../../../test/replies';
import { befriend, connect } from './testing';

describe.each(dialects())('suggested users on %s', (dialect) => {
  const t = useTestApp(dialect);
  const suggestions = async (who: TestUser, query = '') =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/users/suggested-users${query}` }), suggestionsResponseSchema);

  it('ranks friends of friends by mutual friends, then newest users; never the caller, friends or pending requests', async () => {
    const me = await createUser(t.app);
    const [f1, f2, f3] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const twoMutual = await createUser(t.app, { fullName: 'Two Mutual' });
    const oneMutual = await createUser(t.app, { fullName: 'One Mutual' });
    const askedByMe = await createUser(t.app);
    const askedMe = await createUser(t.app);
    const newest = await createUser(t.app, { fullName: 'Newest Stranger' });
    for (const f of [f1, f2, f3]) await befriend(t.app, me, f);
    await befriend(t.app, f1, f2); // friends of each other: still never suggested
    await befriend(t.app, twoMutual, f1);
    await befriend(t.app, twoMutual, f2);
    await befriend(t.app, oneMutual, f3);
    await befriend(t.app, askedByMe, f1);
    await befriend(t.app, askedMe, f2);
    await connect(t.app, me, 'send', askedByMe);
    await connect(t.app, askedMe, 'send', me);

    const res = await as(t.app, me)({ method: 'GET', url: '/users/suggested-users' });
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res, suggestionsResponseSchema);
    expect(body).toMatchObject({ success: true, message: anyString() });
    expect(body.data.suggestions.map((s) => [s._id, s.mutualFriends])).toEqual([
      [twoMutual.user._id, 2],
      [oneMutual.user._id, 1],
      [newest.user._id, 0],
    ]);
    expect(body.data.pagination).toEqual({ currentPage: 1, limit: 5, total: 3, totalPages: 1, hasMore: false });
    expect(body.data.suggestions[0]).not.toHaveProperty('email');

    const p1 = (await suggestions(me, '?page=1&limit=2')).data;
    const p2 = (await suggestions(me, '?page=2&limit=2')).data;
    expect(p1.suggestions.map((s) => s._id)).toEqual([twoMutual.user._id, oneMutual.user._id]);
    expect(p1.pagination).toMatchObject({ hasMore: true, totalPages: 2 });
    expect(p2.suggestions.map((s) => s._id)).toEqual([newest.user._id]);

    await connect(t.app, me, 'send', twoMutual);
    const after = (await suggestions(me)).data;
    expect(after.suggestions.map((s) => s._id)).toEqual([oneMutual.user._id, newest.user._id]);
  });

  it('offers a new account the newest users', async () => {
    const older = await createUser(t.app);
    const me = await createUser(t.app);
    const body = await suggestions(me, '?limit=50');
    const ids = body.data.suggestions.map((s) => s._id);
    expect(ids).toContain(older.user._id);
    expect(ids).not.toContain(me.user._id);
    expect(body.data.suggestions.every((s) => s.mutualFriends === 0)).toBe(true);
  });
});
