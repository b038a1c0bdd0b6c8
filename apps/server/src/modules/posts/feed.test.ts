import { feedResponseSchema, postResponseSchema } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, multipart, pngImage, type TestUser } from '../../../test/factories';
import { dialects, directRunsOf, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';
import { act } from '../safety/testing';
import { feedPageCacheOf } from '../../cache/feed-page-cache';
import { befriend, createPost } from './testing';

describe.each(dialects())('home feed on %s', (dialect) => {
  const t = useTestApp(dialect);
  const feedOf = async (who: TestUser, query = '', name = who.user.userName) => {
    const res = await as(t.app, who)({ method: 'GET', url: `/posts/${name}/feeds${query}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, feedResponseSchema).data;
  };
  const idsOf = (data: { feeds: Array<{ _id: string }> }) => data.feeds.map((p) => p._id);
  /** The timeline part of a page: the caller's and friends' posts, without the suggestions after them. */
  const ownIdsOf = (data: { feeds: Array<{ _id: string; suggested?: true }> }) => data.feeds.filter((p) => !p.suggested).map((p) => p._id);

  it("holds my own and my friends' posts newest first, then a stranger's as a suggestion", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, me, friend);
    const a = await createPost(t.app, me, 'mine');
    const b = await createPost(t.app, stranger, 'not a friend of mine');
    const c = await createPost(t.app, friend, 'from a friend');
    const data = await feedOf(me, '?limit=50');
    expect(idsOf(data).slice(0, 2)).toEqual([c, a]);
    expect(ownIdsOf(data)).toEqual([c, a]);
    expect(data.feeds.slice(0, 2).every((p) => p.suggested === undefined)).toBe(true);
    expect(data.feeds.find((p) => p._id === b)?.suggested).toBe(true);
    expect(data.feeds.slice(2).every((p) => p.suggested === true)).toBe(true);
    expect(data.totalCount).toBe(data.feeds.length);
    expect(data.feeds[0].author._id).toBe(friend.user._id);
  });

  it("brings a new friend's earlier posts in, and takes them out when the friendship ends", async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const older = await createPost(t.app, other, 'from before we met');
    await befriend(t.app, me, await createUser(t.app));
    expect(ownIdsOf(await feedOf(me))).not.toContain(older);

    // What the people feature does on accept: commit, then announce.
    const [low, high] = [me.user._id, other.user._id].sort();
    await t.app.ctx.db
      .insertInto('connections')
      .values({
        id: newId(),
        user_low: low,
        user_high: high,
        requester_id: me.user._id,
        status: 'accepted',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    t.app.ctx.events.publish('friendshipChanged', { userIds: [me.user._id, other.user._id], status: 'friends' });
    await vi.waitFor(async () => expect(ownIdsOf(await feedOf(me))).toContain(older));
    expect(ownIdsOf(await feedOf(other))).toEqual([older]);

    await t.app.ctx.db.deleteFrom('connections').where('user_low', '=', low).where('user_high', '=', high).execute();
    t.app.ctx.events.publish('friendshipChanged', { userIds: [other.user._id, me.user._id], status: 'not_connected' });
    await vi.waitFor(async () => expect(ownIdsOf(await feedOf(me))).not.toContain(older));
  });

  it('shows someone without friends the recent posts of everyone', async () => {
    const loner = await createUser(t.app);
    const someone = await createUser(t.app);
    const theirs = await createPost(t.app, someone, 'hello world');
    const data = await feedOf(loner);
    expect(idsOf(data)[0]).toBe(theirs);
    expect(data.totalCount).toBeGreaterThanOrEqual(1);
  });

  it('accepts my user name in any case and answers 403 for anyone else’s', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    await feedOf(me, '', me.user.userName.toUpperCase());
    const res = await as(t.app, me)({ method: 'GET', url: `/posts/${other.user.userName}/feeds` });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).success).toBe(false);
    expect((await as(t.app, null)({ method: 'GET', url: `/posts/${me.user.userName}/feeds` })).statusCode).toBe(401);
  });

  it('pages without gaps or duplicates while new posts arrive, using the anchor of page 1', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await createPost(t.app, i % 2 ? me : friend, `post ${i}`));
    const expected = [...made].reverse();

    const first = await feedOf(me, '?limit=3');
    expect(first).toMatchObject({ hasMore: true });
    const seen = idsOf(first);
    let page = 2;
    let data = first;
    while (data.hasMore) {
      // Someone keeps posting while I scroll.
      await createPost(t.app, friend, `arrived before page ${page}`);
      data = await feedOf(me, `?limit=3&page=${page}&anchor=${first.anchor}`);
      seen.push(...idsOf(data));
      page += 1;
    }
    expect(seen.slice(0, 7)).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(data.totalCount);
    // A fresh page 1 shows what arrived meanwhile.
    expect(ownIdsOf(await feedOf(me, '?limit=50')).length).toBe(7 + page - 2);
  });

  it("skips a muted or suspended friend's posts on the timeline, also on a page they would fill", async () => {
    const me = await createUser(t.app);
    const [fine, muted, suspended] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const friend of [fine, muted, suspended]) await befriend(t.app, me, friend);
    const older = await createPost(t.app, fine, 'older');
    const hidden: string[] = [];
    for (const who of [muted, suspended, muted, suspended]) hidden.push(await createPost(t.app, who, 'not for me'));
    const newer = await createPost(t.app, fine, 'newer');
    await act(t.app, me, 'mute', muted);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_until: until }).where('id', '=', suspended.user._id).execute();

    const first = await feedOf(me, '?limit=2');
    expect(ownIdsOf(first)).toEqual([newer, older]);
    // The timeline still holds the hidden rows (its size counts them): page 2 starts inside it, and none of it is shown.
    const second = await feedOf(me, `?limit=2&page=2&anchor=${first.anchor}`);
    expect(ownIdsOf(second)).toEqual([]);
    for (const id of hidden) expect([...idsOf(first), ...idsOf(second)]).not.toContain(id);
    // Their posts come back with the mute and the suspension over.
    await act(t.app, me, 'mute', muted, true);
    await t.app.ctx.db.updateTable('users').set({ suspended_until: null }).where('id', '=', suspended.user._id).execute();
    expect(ownIdsOf(await feedOf(me, '?limit=10'))).toEqual([newer, ...[...hidden].reverse(), older]);
  });

  it("drops a deleted post from friends' feeds", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const gone = await createPost(t.app, friend, 'oops');
    expect(idsOf(await feedOf(me))).toContain(gone);
    await as(t.app, friend)({ method: 'DELETE', url: `/posts/${gone}` });
    const data = await feedOf(me);
    expect(idsOf(data)).not.toContain(gone);
    expect(ownIdsOf(data)).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('feed_sizes').select('size').where('owner_id', '=', me.user._id).executeTakeFirst()).toEqual({
      size: 0,
    });
  });

  it('reads a page in the same number of queries whatever its size', async () => {
    const me = await createUser(t.app);
    const friends = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const f of friends) await befriend(t.app, me, f);
    for (let i = 0; i < 12; i++) {
      const id = await createPost(t.app, friends[i % 3], `busy ${i}`);
      await as(t.app, me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'heart' } });
      if (i % 2) await as(t.app, me)({ method: 'PUT', url: `/posts/${id}/favorite` });
    }
    // Statements go through Kysely's executor or, for the prepared hot reads, straight to the driver.
    const executor = t.app.ctx.db.getExecutor();
    const direct = directRunsOf(t.app);
    // The suggestions' count, once per reader for a while, is not part of reading a timeline page.
    await feedOf(me, '?limit=1');
    const countQueries = async (limit: number) => {
      // The reactions' notifications are written after their requests answered; only the feed's own statements count here.
      await t.app.ctx.events.settled();
      const spy = vi.spyOn(executor, 'executeQuery');
      direct.count = 0;
      try {
        const data = await feedOf(me, `?limit=${limit}`);
        return { queries: spy.mock.calls.length + direct.count, posts: data.feeds.length, data };
      } finally {
        spy.mockRestore();
      }
    };
    const small = await countQueries(2);
    const large = await countQueries(12);
    expect(small.posts).toBe(2);
    expect(large.posts).toBe(12);
    // Who reads and the page (one statement on PostgreSQL, where each round trip costs more than running
    // it; two on SQLite), then the parts of posts not rendered before (ten of these twelve).
    const readerAndPage = dialect === 'postgres' ? 1 : 2;
    expect(small.queries).toBe(readerAndPage + 1);
    expect(large.queries).toBe(small.queries);
    // Read again, every post's unchanging part is already rendered and the page's answer is kept
    // (cache/feed-page-cache.ts; on PostgreSQL only with the relay): no statement, or the reader and the page only.
    const again = await countQueries(12);
    expect(again.queries).toBe(feedPageCacheOf(t.app.ctx.events)?.enabled ? 0 : readerAndPage);
    expect(again.data).toEqual({ ...large.data, anchor: again.data.anchor });
    // The batched hydration still knows the viewer's own marks on every post.
    expect(large.data.feeds.every((p) => p.currentUserReactions.includes('heart'))).toBe(true);
    expect(large.data.feeds.filter((p) => p.isFavorite)).toHaveLength(6);
  });

  it('shows each post exactly as the post endpoint does, counters and author up to date', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const id = await createPost(t.app, friend, 'watch the counters');
    const postOf = async () => bodyOf(await as(t.app, me)({ method: 'GET', url: `/posts/${id}` }), postResponseSchema).post;
    expect((await feedOf(me)).feeds[0]).toEqual(await postOf());

    await as(t.app, me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'fire' } });
    await as(t.app, friend)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'clap' } });
    await as(t.app, friend)({ method: 'POST', url: `/comments/posts/${id}/comments`, payload: { commentContent: 'first!' } });
    await as(t.app, me)({ method: 'PUT', url: `/posts/${id}/favorite` });
    const [post] = (await feedOf(me)).feeds;
    expect(post).toMatchObject({ totalReactions: 2, currentUserReactions: ['fire'], commentsCount: 1, isFavorite: true });
    expect(post.reactionCounts).toMatchObject({ fire: 1, clap: 1, heart: 0 });
    expect(post).toEqual(await postOf());

    // The rendered part of a post holds its author: a new name shows at once.
    const renamed = await as(t.app, friend)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Renamed Friend' } });
    expect(renamed.statusCode).toBe(200);
    expect((await feedOf(me)).feeds[0].author.fullName).toBe('Renamed Friend');
    expect((await feedOf(me)).feeds[0]).toEqual(await postOf());
    await as(t.app, friend)({ method: 'PATCH', url: '/users/me', payload: { userName: 'renamed_friend', userBio: 'New here' } });
    expect((await feedOf(me)).feeds[0].author).toMatchObject({
      userName: 'renamed_friend',
      userBio: 'New here',
      fullName: 'Renamed Friend',
    });
  });

  it('keeps my own marks on each post: kinds toggled one by one, saves, and marks left before we were friends', async () => {
    const me = await createUser(t.app);
    const author = await createUser(t.app);
    const early = await createPost(t.app, author, 'before we met');
    const react = (id: string, reactionType: string) =>
      as(t.app, me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType } });
    // Posts are open to everyone signed in: marks may come before the post is on my timeline.
    await react(early, 'smile');
    await as(t.app, me)({ method: 'PUT', url: `/posts/${early}/favorite` });
    await befriend(t.app, me, author);
    const later = await createPost(t.app, author, 'after');
    for (const kind of ['heart', 'fire', 'celebrate']) await react(later, kind);
    await react(later, 'fire');
    await as(t.app, me)({ method: 'PUT', url: `/posts/${later}/favorite` });
    await as(t.app, me)({ method: 'PUT', url: `/posts/${later}/favorite` });

    const byId = new Map((await feedOf(me)).feeds.map((p) => [p._id, p]));
    expect(byId.get(early)).toMatchObject({ currentUserReactions: ['smile'], isFavorite: true });
    expect(byId.get(later)).toMatchObject({ currentUserReactions: ['heart', 'celebrate'], isFavorite: false, totalReactions: 2 });
    // The author's own timeline holds the same posts without my marks.
    const theirs = new Map((await feedOf(author)).feeds.map((p) => [p._id, p]));
    expect(theirs.get(later)).toMatchObject({ currentUserReactions: [], isFavorite: false, totalReactions: 2 });
  });

  it('shows a page inside the timeline as the start of one that reaches the suggestions', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const ids: string[] = [];
    // Text beyond ASCII: the body is sent with its length in bytes.
    for (let i = 0; i < 4; i++) ids.push(await createPost(t.app, i % 2 ? me : friend, `post ${i}: héllo wörld 🌍`));
    await as(t.app, me)({ method: 'PUT', url: `/posts/react/${ids[3]}`, payload: { reactionType: 'clap' } });
    await as(t.app, me)({ method: 'PUT', url: `/posts/${ids[2]}/favorite` });
    await createPost(t.app, await createUser(t.app), 'a suggestion');
    // A page that reaches the suggestions counts them afresh; the next page inside the timeline uses that count.
    const whole = await feedOf(me, '?limit=50');
    const inside = await feedOf(me, '?limit=2');
    expect(inside.feeds).toEqual(whole.feeds.slice(0, 2));
    expect(inside.feeds[0]).toMatchObject({ _id: ids[3], currentUserReactions: ['clap'], isFavorite: false });
    expect(inside.feeds[1]).toMatchObject({ _id: ids[2], currentUserReactions: [], isFavorite: true });
    expect(inside.totalCount).toBe(whole.totalCount);
    expect(inside.feeds[0].content).toBe('post 3: héllo wörld 🌍');
    for (const query of ['?limit=2', '?limit=50']) {
      const res = await as(t.app, me)({ method: 'GET', url: `/posts/${me.user.userName}/feeds${query}` });
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    }
    expect(whole.feeds.at(-1)?.suggested).toBe(true);
  });

  it('shows at once an edit, the author’s new picture, a deleted post and a block, after showing the post', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const kept = await createPost(t.app, friend, 'before the edit');
    const gone = await createPost(t.app, friend, 'to be deleted');
    const postOf = async () => bodyOf(await as(t.app, me)({ method: 'GET', url: `/posts/${kept}` }), postResponseSchema).post;
    const pageOf = async () => (await feedOf(me, '?limit=2')).feeds;
    expect(ownIdsOf({ feeds: await pageOf() })).toEqual([gone, kept]);

    expect((await as(t.app, friend)({ method: 'PATCH', url: `/posts/${kept}`, payload: { content: 'after the edit' } })).statusCode).toBe(
      200,
    );
    const edited = (await pageOf())[1];
    expect(edited.content).toBe('after the edit');
    expect(edited.editedAt).not.toBeNull();
    const picture = multipart({}, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', data: await pngImage(64, 64) }]);
    expect((await as(t.app, friend)({ method: 'POST', url: '/users/me/avatar', ...picture })).statusCode).toBe(200);
    const shown = await pageOf();
    expect(shown[1].author.userImage).toMatch(/^\/media\/avatars\//);
    expect(shown[1]).toEqual(await postOf());

    expect((await as(t.app, friend)({ method: 'DELETE', url: `/posts/${gone}` })).statusCode).toBe(200);
    expect(ownIdsOf({ feeds: await pageOf() })).toEqual([kept]);
    await act(t.app, me, 'block', friend);
    expect((await pageOf()).map((p) => p._id)).not.toContain(kept);
  });

  it("never shows what another request's transaction has not committed", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const shown = await createPost(t.app, friend, 'committed');
    // Read once, so the session is known and this request reaches the feed's statements at once.
    expect(ownIdsOf(await feedOf(me))).toEqual([shown]);
    const uncommitted = newId();
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A post written but not committed (and then rolled back) while the feed is read.
    const transaction = t.app.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('posts')
          .values({ id: uncommitted, author_id: friend.user._id, content: 'never committed', created_at: nowIso() })
          .execute();
        await trx.insertInto('feed_items').values({ owner_id: me.user._id, post_id: uncommitted }).execute();
        inside();
        await released;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await entered;
    const reading = feedOf(me);
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await transaction;
    expect(ownIdsOf(await reading)).toEqual([shown]);
    expect(idsOf(await reading)).not.toContain(uncommitted);
  });
});
