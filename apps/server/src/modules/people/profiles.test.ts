import { networkResponseSchema, ownProfileResponseSchema, visitedProfileResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { anyString, objectContaining } from '../../../test/matchers';
import { bodyOf, errorOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';
import { remotePeopleRepo } from '../users';
import { befriend, connect } from './testing';

describe.each(dialects())('profiles on %s', (dialect) => {
  const t = useTestApp(dialect);

  const addPosts = (author: TestUser, n: number) =>
    t.app.ctx.db
      .insertInto('posts')
      .values(
        Array.from({ length: n }, (_, i) => ({ id: newId(), author_id: author.user._id, content: `post ${i}`, created_at: nowIso() })),
      )
      .execute();

  it('shows your own profile with email, post and friend counts, whatever the case of {authUser}', async () => {
    const me = await createUser(t.app, { userName: 'Own_Profile' });
    const f1 = await createUser(t.app);
    const f2 = await createUser(t.app);
    const pending = await createUser(t.app);
    await befriend(t.app, me, f1);
    await befriend(t.app, f2, me);
    await connect(t.app, me, 'send', pending);
    await addPosts(me, 3);
    await addPosts(f1, 2);
    for (const authUser of ['Own_Profile', 'own_profile', 'OWN_PROFILE']) {
      const res = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${authUser}` });
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res, ownProfileResponseSchema)).toEqual({
        success: true,
        data: {
          user: objectContaining({ _id: me.user._id, userName: 'Own_Profile', email: me.user.email }),
          stats: { posts: 3, friends: 2 },
        },
      });
    }
  });

  it("answers 403 when {authUser} is not the caller's user name", async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const own = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${other.user.userName}` });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toMatchObject({ success: false, error: 'Forbidden' });
    const visited = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${other.user.userName}/visited/${me.user.userName}` });
    expect(visited.statusCode).toBe(403);
  });

  it('shows a visited profile without private fields, with connection status and mutual friends', async () => {
    const me = await createUser(t.app);
    const them = await createUser(t.app, { userName: 'Visited_One' });
    const [m1, m2, onlyMine, onlyTheirs] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app), createUser(t.app)]);
    for (const m of [m1, m2]) {
      await befriend(t.app, me, m);
      await befriend(t.app, them, m);
    }
    await befriend(t.app, me, onlyMine);
    await befriend(t.app, them, onlyTheirs);
    await connect(t.app, them, 'send', me);
    await addPosts(them, 4);

    const res = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${me.user.userName}/visited/visited_one` });
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res, visitedProfileResponseSchema);
    expect(body).toEqual({
      success: true,
      data: {
        user: {
          _id: them.user._id,
          userName: 'Visited_One',
          fullName: them.user.fullName,
          userImage: null,
          userBio: null,
          createdAt: anyString(),
        },
        stats: { posts: 4, friends: 3 },
        connectionStatus: 'request_received',
        mutualFriends: 2,
      },
    });
    expect(res.body).not.toContain(them.user.email);

    await connect(t.app, me, 'accept', them);
    const after = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${me.user.userName}/visited/${them.user.userName}` });
    expect(bodyOf(after, visitedProfileResponseSchema).data).toMatchObject({
      connectionStatus: 'friends',
      mutualFriends: 2,
      stats: { friends: 4 },
    });
  });

  it('answers 404 for an unknown visited user', async () => {
    const me = await createUser(t.app);
    const res = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${me.user.userName}/visited/nobody_by_this_name` });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ success: false, error: 'Not Found' });
  });
});

describe.each(dialects())('the network list on %s', (dialect) => {
  const t = useTestApp(dialect);
  const network = async (who: TestUser, query: string) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/users/network?${query}` }), networkResponseSchema);

  it('lists everyone but the caller, each with the caller’s connection status, in pages', async () => {
    const me = await createUser(t.app, { fullName: 'Netlist Me' });
    const friend = await createUser(t.app, { fullName: 'Netlist Friend' });
    const asked = await createUser(t.app, { fullName: 'Netlist Asked' });
    const asker = await createUser(t.app, { fullName: 'Netlist Asker' });
    const stranger = await createUser(t.app, { fullName: 'Netlist Stranger' });
    await befriend(t.app, me, friend);
    await connect(t.app, me, 'send', asked);
    await connect(t.app, asker, 'send', me);

    const res = await as(t.app, me)({ method: 'GET', url: '/users/network?limit=50' });
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res, networkResponseSchema);
    expect(body.success).toBe(true);
    const statusById = Object.fromEntries(body.data.map((u) => [u._id, u.connectionStatus]));
    expect(statusById).toEqual({
      [friend.user._id]: 'friends',
      [asked.user._id]: 'request_sent',
      [asker.user._id]: 'request_received',
      [stranger.user._id]: 'not_connected',
    });
    expect(body.pagination).toEqual({ currentPage: 1, totalUsers: 4, limit: 50, totalPages: 1, hasMore: false });
    expect(body.data[0]).not.toHaveProperty('email');

    const page1 = await network(me, 'page=1&limit=3');
    const page2 = await network(me, 'page=2&limit=3');
    expect(page1.pagination).toEqual({ currentPage: 1, totalUsers: 4, limit: 3, totalPages: 2, hasMore: true });
    expect(page2.pagination).toMatchObject({ currentPage: 2, hasMore: false });
    const ids = [...page1.data, ...page2.data].map((u) => u._id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(me.user._id);
  });

  it('filters by user name or full name, case-insensitively, and defaults to 10 per page', async () => {
    const me = await createUser(t.app);
    const a = await createUser(t.app, { userName: 'filter_Quokka_1', fullName: 'Someone Else' });
    const b = await createUser(t.app, { fullName: 'Mr QUOKKA Smith' });
    await createUser(t.app, { fullName: 'Not Matching' });
    const res = await network(me, 'search=quokka');
    expect(res.data.map((u) => u._id).sort()).toEqual([a.user._id, b.user._id].sort());
    expect(res.pagination).toMatchObject({ totalUsers: 2, limit: 10 });
    const wildcard = await network(me, 'search=%25');
    expect(wildcard.data).toEqual([]);
  });

  it('answers 400 for a limit outside 1–50', async () => {
    const me = await createUser(t.app);
    for (const q of ['limit=0', 'limit=51', 'page=0', 'limit=abc']) {
      expect((await as(t.app, me)({ method: 'GET', url: `/users/network?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('opens a profile and its posts whose handle is long (someone on another server), refusing only past any handle', async () => {
    const me = await createUser(t.app);
    const host = `${'a'.repeat(40)}.example.social`;
    const handle = `someone_with_a_long_name@${host}`;
    expect(handle.length).toBeGreaterThan(64);
    await remotePeopleRepo(t.app.ctx.db).upsert({ handle, host, fullName: 'Far Away', bio: null, profileUrl: null });
    const profile = await as(t.app, me)({ method: 'GET', url: `/users/u/profile/${me.user.userName}/visited/${handle}` });
    expect(profile.statusCode).toBe(200);
    expect(bodyOf(profile, visitedProfileResponseSchema).data.user).toMatchObject({ userName: handle });
    expect((await as(t.app, me)({ method: 'GET', url: `/posts/user/${handle}` })).statusCode).toBe(200);
    const longest = `${'x'.repeat(320 - host.length - 1)}@${host}`;
    expect((await as(t.app, me)({ method: 'GET', url: `/posts/user/${longest}` })).statusCode).toBe(404);
    // Past any handle, the address itself is refused (414, in the usual envelope).
    const past = await as(t.app, me)({ method: 'GET', url: `/posts/user/x${longest}` });
    expect(past.statusCode).toBe(414);
    expect(errorOf(past).success).toBe(false);
  });
});
