import {
  feedResponseSchema,
  muteResponseSchema,
  peopleListResponseSchema,
  storiesResponseSchema,
  userSearchResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { statusOf } from '../people/testing';
import { befriend, createPost } from '../posts/testing';
import { createStory } from '../stories/testing';
import { act } from './testing';

describe.each(dialects())('muting on %s', (dialect) => {
  const t = useTestApp(dialect);
  const ok = async <S extends Parameters<typeof bodyOf>[1]>(who: TestUser, url: string, schema: S) => {
    const res = await as(t.app, who)({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return bodyOf(res, schema);
  };
  const feedOf = async (who: TestUser) =>
    (await ok(who, `/posts/${who.user.userName}/feeds?limit=50`, feedResponseSchema)).data.feeds.map((p) => p._id);
  const trayOf = async (who: TestUser) => (await ok(who, '/users/u/stories/all', storiesResponseSchema)).stories.map((s) => s._id);

  it('takes a friend’s posts and stories out of my feed and nothing else; unmuting brings them back', async () => {
    const me = await createUser(t.app, { fullName: 'Mutable Reader' });
    const friend = await createUser(t.app, { fullName: 'Mutable Friend' });
    await befriend(t.app, me, friend);
    const post = await createPost(t.app, friend, 'loud');
    const story = await createStory(t.app, friend);
    const mine = await createPost(t.app, me, 'mine');
    await act(t.app, me, 'mute', friend);

    expect(await feedOf(me)).toEqual([mine]);
    expect(await trayOf(me)).not.toContain(story);
    // Nothing else changes, on either side.
    expect(await feedOf(friend)).toContain(mine);
    expect(await statusOf(t.app, me, friend)).toBe('friends');
    expect((await ok(me, '/search/users?query=mutable', userSearchResponseSchema)).users.map((u) => u._id)).toContain(friend.user._id);
    expect((await as(t.app, me)({ method: 'GET', url: `/posts/${post}` })).statusCode).toBe(200);
    expect((await ok(me, '/users/me/mutes', peopleListResponseSchema)).data.map((u) => u._id)).toEqual([friend.user._id]);

    const res = await as(t.app, me)({ method: 'DELETE', url: `/users/${friend.user._id}/mute` });
    expect(bodyOf(res, muteResponseSchema)).toEqual({ success: true, userId: friend.user._id, muted: false });
    expect(await feedOf(me)).toEqual([mine, post]);
    expect(await trayOf(me)).toContain(story);
  });

  it('leaves a muted stranger out of the feed of someone without friends', async () => {
    const me = await createUser(t.app);
    const loud = await createUser(t.app);
    const post = await createPost(t.app, loud, 'everywhere');
    expect(await feedOf(me)).toContain(post);
    await act(t.app, me, 'mute', loud);
    expect(await feedOf(me)).not.toContain(post);
  });
});
