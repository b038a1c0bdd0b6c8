import { feedResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { act } from '../safety/testing';
import { suggestionCountCache } from './feed-suggestion-count';
import { befriend, createPost } from './testing';

describe.each(dialects())('suggestions in the home feed on %s', (dialect) => {
  const t = useTestApp(dialect);
  const feedOf = async (who: TestUser, query = '?limit=50') => {
    const res = await as(t.app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds${query}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, feedResponseSchema).data;
  };

  it('follows a one-friend timeline with suggested posts: friends of friends first, then popular ones, then the rest', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    const friendOfFriend = await createUser(t.app);
    const popular = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, me, friend);
    await befriend(t.app, friend, friendOfFriend);
    const fofPost = await createPost(t.app, friendOfFriend, 'friend of a friend');
    const popularPost = await createPost(t.app, popular, 'everyone loves this');
    for (const kind of ['heart', 'fire', 'clap']) {
      await as(t.app, stranger)({ method: 'PUT', url: `/posts/react/${popularPost}`, payload: { reactionType: kind } });
    }
    const plainPost = await createPost(t.app, stranger, 'newest, but nobody reacted yet');
    const friendPost = await createPost(t.app, friend, 'my only friend posted once');

    const data = await feedOf(me);
    expect(data.feeds[0]).toMatchObject({ _id: friendPost });
    expect(data.feeds[0].suggested).toBeUndefined();
    const suggested = data.feeds.slice(1);
    expect(suggested.every((p) => p.suggested === true)).toBe(true);
    const ids = suggested.map((p) => p._id);
    expect(ids[0]).toBe(fofPost);
    expect(ids.indexOf(popularPost)).toBeLessThan(ids.indexOf(plainPost));
    expect(data.totalCount).toBe(data.feeds.length);
  });

  it('never suggests my own posts or a friend’s, and pages through suggestions without repeats', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const others = [await createUser(t.app), await createUser(t.app)];
    for (let i = 0; i < 6; i++) await createPost(t.app, others[i % 2], `other ${i}`);
    const mine = await createPost(t.app, me, 'mine');
    const friends = await createPost(t.app, friend, 'friend');

    const first = await feedOf(me, '?limit=4');
    const seen = first.feeds.map((p) => p._id);
    let data = first;
    for (let page = 2; data.hasMore; page++) {
      data = await feedOf(me, `?limit=4&page=${page}&anchor=${first.anchor}`);
      seen.push(...data.feeds.map((p) => p._id));
    }
    expect(seen.slice(0, 2)).toEqual([friends, mine]);
    expect(seen.filter((id) => id === mine || id === friends)).toHaveLength(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(first.totalCount);
  });

  it('gives someone without friends everyone’s recent posts, all marked as suggestions', async () => {
    const loner = await createUser(t.app);
    const theirs = await createPost(t.app, await createUser(t.app), 'hello');
    const data = await feedOf(loner);
    expect(data.feeds.length).toBeGreaterThan(0);
    expect(data.feeds.every((p) => p.suggested === true)).toBe(true);
    expect(data.feeds.map((p) => p._id)).toContain(theirs);
  });

  it('never suggests people I blocked, who blocked me, whom I muted, or who are suspended', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const [blocked, blocker, muted, suspended, fine] = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
    const hiddenPosts = [
      await createPost(t.app, blocked, 'blocked'),
      await createPost(t.app, blocker, 'blocker'),
      await createPost(t.app, muted, 'muted'),
      await createPost(t.app, suspended, 'suspended'),
    ];
    const finePost = await createPost(t.app, fine, 'fine');
    await act(t.app, me, 'block', blocked);
    await act(t.app, blocker, 'block', me);
    await act(t.app, me, 'mute', muted);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_until: until }).where('id', '=', suspended.user._id).execute();

    const data = await feedOf(me);
    const ids = data.feeds.map((p) => p._id);
    expect(ids).toContain(finePost);
    for (const hidden of hiddenPosts) expect(ids).not.toContain(hidden);
    expect(data.totalCount).toBe(data.feeds.length);
  });
});

describe('the suggestion count remembered per reader', () => {
  it('is counted once for the requests that find it missing together, and afresh when a page asks', async () => {
    let runs = 0;
    const repo = {
      count: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 10));
        return 7;
      },
    } as unknown as Parameters<typeof suggestionCountCache>[0];
    const cache = suggestionCountCache(repo);
    const got = await Promise.all(Array.from({ length: 20 }, () => cache.get('reader', 'anchor', 'now', false)));
    expect(got).toEqual(Array.from({ length: 20 }, () => 7));
    expect(runs).toBe(1);
    expect(await cache.get('reader', 'anchor', 'now', false)).toBe(7);
    expect(runs).toBe(1);
    await cache.get('reader', 'anchor', 'now', true);
    expect(runs).toBe(2);
  });
});
