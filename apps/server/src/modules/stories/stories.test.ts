import { storiesResponseSchema, storyViewersResponseSchema, successSchema, viewStoryResponseSchema } from '@plaza/contract';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { ageStory, befriend, createStory } from './testing';

describe.each(dialects())('story visibility, views and deletion on %s', (dialect) => {
  const t = useTestApp(dialect);
  const list = async (who: Parameters<typeof as>[1]) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: '/users/u/stories/all' }), storiesResponseSchema);
  const ids = (stories: Array<{ _id: string }>) => stories.map((s) => s._id);

  it("lists the caller's and friends' stories, and nothing of strangers", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, me, friend);
    const mine = await createStory(t.app, me);
    const theirs = await createStory(t.app, friend);
    const strangers = await createStory(t.app, stranger);

    const body = await list(me);
    expect(body.success).toBe(true);
    expect(ids(body.stories).sort()).toEqual([mine, theirs].sort());
    expect(body.groupedStories.map((g) => g.user._id)).toEqual([me.user._id, friend.user._id]);
    expect(body.groupedStories[1].user).toEqual(expect.objectContaining({ userName: friend.user.userName }));
    expect(JSON.stringify(body)).not.toMatch(/email|password/);

    expect(ids((await list(stranger)).stories)).toEqual([strangers]);
    const peek = await as(t.app, stranger)({ method: 'POST', url: `/users/u/stories/s/${theirs}/view` });
    expect(peek.statusCode).toBe(404);
    expect(errorOf(peek)).toMatchObject({ success: false });
  });

  it('a story posted 25 hours ago is neither listed nor viewable', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const old = await createStory(t.app, friend);
    const fresh = await createStory(t.app, friend);
    await ageStory(t.app, old, 25);

    expect(ids((await list(me)).stories)).toEqual([fresh]);
    expect(ids((await list(friend)).stories)).toEqual([fresh]);
    expect((await as(t.app, me)({ method: 'POST', url: `/users/u/stories/s/${old}/view` })).statusCode).toBe(404);
    expect((await as(t.app, friend)({ method: 'GET', url: `/users/u/stories/s/${old}/viewers` })).statusCode).toBe(404);
  });

  it('counts a view once per viewer; the owner sees the count and the viewers, others get 403', async () => {
    const owner = await createUser(t.app);
    const friend = await createUser(t.app);
    const other = await createUser(t.app);
    await befriend(t.app, owner, friend);
    await befriend(t.app, owner, other);
    const story = await createStory(t.app, owner);

    for (let i = 0; i < 2; i++) {
      const res = await as(t.app, friend)({ method: 'POST', url: `/users/u/stories/s/${story}/view` });
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res, viewStoryResponseSchema)).toEqual({ success: true, viewed: true });
    }
    // The owner watching their own story is not a view.
    expect((await as(t.app, owner)({ method: 'POST', url: `/users/u/stories/s/${story}/view` })).statusCode).toBe(200);

    const viewers = await as(t.app, owner)({ method: 'GET', url: `/users/u/stories/s/${story}/viewers` });
    expect(viewers.statusCode).toBe(200);
    const watched = bodyOf(viewers, storyViewersResponseSchema);
    expect(watched).toMatchObject({
      success: true,
      viewCount: 1,
      viewers: [{ user: { _id: friend.user._id, userName: friend.user.userName } }],
    });
    expect(watched.viewers[0].viewedAt).toEqual(expect.any(String));

    const ownView = (await list(owner)).stories[0];
    expect(ownView).toMatchObject({ _id: story, viewCount: 1, viewed: true });

    const friendView = (await list(friend)).stories.find((s) => s._id === story);
    expect(friendView?.viewed).toBe(true);
    expect(friendView).not.toHaveProperty('viewCount');
    expect((await list(other)).stories.find((s) => s._id === story)).toMatchObject({ viewed: false });

    expect((await as(t.app, friend)({ method: 'GET', url: `/users/u/stories/s/${story}/viewers` })).statusCode).toBe(403);
    expect((await as(t.app, other)({ method: 'GET', url: `/users/u/stories/s/${story}/viewers` })).statusCode).toBe(403);
  });

  it("groups the caller's stories first, then unviewed groups by newest story, then viewed ones; each group oldest first", async () => {
    const me = await createUser(t.app);
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const f of [a, b, c]) await befriend(t.app, me, f);
    const a1 = await createStory(t.app, a, 'first');
    const a2 = await createStory(t.app, a, 'second');
    const b1 = await createStory(t.app, b);
    const c1 = await createStory(t.app, c);
    const mine = await createStory(t.app, me);
    // a's oldest story is older than b's, but a's newest is newer: groups rank by their newest story.
    await ageStory(t.app, a1, 5);
    await ageStory(t.app, a2, 1);
    await ageStory(t.app, b1, 3);
    await ageStory(t.app, c1, 0.5);
    await ageStory(t.app, mine, 6);
    await as(t.app, me)({ method: 'POST', url: `/users/u/stories/s/${c1}/view` });

    const body = await list(me);
    const groups = body.groupedStories;
    expect(groups.map((g) => g.user._id)).toEqual([me.user._id, a.user._id, b.user._id, c.user._id]);
    expect(groups.map((g) => g.hasUnviewed)).toEqual([false, true, true, false]);
    expect(ids(groups[1].stories)).toEqual([a1, a2]);
    expect(groups[1].stories.map((s) => s.caption)).toEqual(['first', 'second']);
    expect(ids(body.stories)).toEqual([mine, a1, a2, b1, c1]);
  });

  it("deletes only one's own story: 403 for someone else, 404 for an unknown id, and the file goes too", async () => {
    const owner = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, owner, friend);
    const story = await createStory(t.app, owner);
    const mediaUrl = (await list(owner)).stories[0].mediaUrl;
    expect((await t.app.inject({ method: 'GET', url: mediaUrl })).statusCode).toBe(200);

    const forbidden = await as(t.app, friend)({ method: 'DELETE', url: `/users/u/stories/s/${story}` });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toMatchObject({ success: false, error: 'Forbidden' });
    expect((await as(t.app, owner)({ method: 'DELETE', url: '/users/u/stories/s/no-such-story' })).statusCode).toBe(404);

    const res = await as(t.app, owner)({ method: 'DELETE', url: `/users/u/stories/s/${story}` });
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, successSchema)).toEqual({ success: true });
    expect((await list(owner)).stories).toEqual([]);
    expect((await list(friend)).stories).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: mediaUrl })).statusCode).toBe(404);
    expect(existsSync(t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(mediaUrl.split('?')[0])!))).toBe(false);
    expect((await as(t.app, owner)({ method: 'DELETE', url: `/users/u/stories/s/${story}` })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/users/u/stories/all' })).statusCode).toBe(401);
  });
});
