import { feedResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { directRunsOf, useTestApp, type Dialect } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { eventually, useSecondServer } from '../../../test/second-server';
import { createDb } from '../../db';
import { main as rebuildFromCommandLine } from '../../maintenance/rebuild-timelines';
import { newId, nowIso } from '../../lib/ids';
import { grant, report, resolve } from '../moderation/testing';
import { act } from '../safety/testing';
import { feedPageCacheOf } from '../../cache/feed-page-cache';
import { postRepo } from './repo';
import { befriend, createPost } from './testing';
import { timelineReadModel } from './timeline-read-model';

/**
 * Every change that can alter a reader's cached feed page (cache/feed-page-cache.ts), each shown on the page read
 * just before it: on SQLite alone, on PostgreSQL with the relay, and with the change made through a second
 * server sharing Redis and the database, the page read on the first.
 */
const redisMissing = await redisProblem();

interface Setup {
  name: string;
  dialect: Dialect;
  redis: boolean;
  twoServers: boolean;
}

const SETUPS: Setup[] = [
  { name: 'SQLite, one server', dialect: 'sqlite', redis: false, twoServers: false },
  ...(redisMissing
    ? []
    : [
        { name: 'PostgreSQL with the relay, one server', dialect: 'postgres' as const, redis: true, twoServers: false },
        { name: 'SQLite, two servers sharing Redis', dialect: 'sqlite' as const, redis: true, twoServers: true },
        { name: 'PostgreSQL, two servers sharing Redis', dialect: 'postgres' as const, redis: true, twoServers: true },
      ]),
];

describe.each(SETUPS)('cached feed pages: $name', ({ dialect, redis, twoServers }) => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:cached-pages:${dialect}${twoServers ? 2 : 1}:`;
  // Kept posts far beyond the test: only the drops can explain a fresh page.
  const t = useTestApp(dialect, {
    FEED_POST_MAX_AGE_MS: '600000',
    ...(redis ? { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix } : {}),
  });
  const second = twoServers ? useSecondServer(t) : () => t.app;
  afterAll(() => (redis ? dropRedisPrefix(prefix) : undefined));
  /** Where the page is read, and where the change is made. */
  const reader = () => t.app;
  const writer = () => second();

  const page = async (who: TestUser, name = who.user.userName) => {
    const res = await as(reader(), who)({ method: 'GET', url: `/posts/${name}/feeds?limit=50` });
    if (res.statusCode !== 200) return { status: res.statusCode, posts: [] };
    return { status: 200, posts: bodyOf(res, feedResponseSchema).data.feeds.filter((p) => !p.suggested) };
  };
  const ids = async (who: TestUser) => (await page(who)).posts.map((p) => p._id);
  /** Read twice, so the page is surely cached. */
  const readCached = async (who: TestUser) => {
    await page(who);
    return page(who);
  };
  const settled = async () => {
    await writer().ctx.events.settled();
    await reader().ctx.events.settled();
  };
  /** Me and a friend who posted once. */
  const pair = async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const post = await createPost(t.app, friend, 'already there');
    return { me, friend, post };
  };
  const friendship = async (app: FastifyInstance, a: TestUser, b: TestUser, on: boolean) => {
    const [low, high] = [a.user._id, b.user._id].sort();
    if (on) {
      await app.ctx.db
        .insertInto('connections')
        .values({
          id: newId(),
          user_low: low,
          user_high: high,
          requester_id: a.user._id,
          status: 'accepted',
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
    } else {
      await app.ctx.db.deleteFrom('connections').where('user_low', '=', low).where('user_high', '=', high).execute();
    }
    app.ctx.events.publish('friendshipChanged', { userIds: [a.user._id, b.user._id], status: on ? 'friends' : 'not_connected' });
    await settled();
  };

  it('keeps the page: read again, it runs no statement', async () => {
    const { me } = await pair();
    expect(feedPageCacheOf(reader().ctx.events)?.enabled).toBe(true);
    // One post, a page of one: the suggestions after it are only counted, and that count is kept a while.
    const one = () => as(reader(), me)({ method: 'GET', url: `/posts/${me.user.userName}/feeds?limit=1` });
    await one();
    await reader().ctx.events.settled();
    const runs = directRunsOf(reader());
    const before = runs.count;
    const spy = vi.spyOn(reader().ctx.db.getExecutor(), 'executeQuery');
    try {
      expect((await one()).statusCode).toBe(200);
      expect(runs.count - before + spy.mock.calls.length).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it("a friend's new post (the first fan-out batch)", async () => {
    const { me, friend } = await pair();
    await readCached(me);
    const fresh = await createPost(writer(), friend, 'new');
    expect(await eventually(async () => (await ids(me))[0] === fresh)).toBe(true);
  });

  it('a post reaching its author’s friends in a later batch (the outbox path)', async () => {
    const { me, friend } = await pair();
    await readCached(me);
    const postId = newId();
    await postRepo(writer().ctx.db).insert({
      id: postId,
      author_id: friend.user._id,
      content: 'later batch',
      created_at: nowIso(),
      media: '[]',
    });
    await timelineReadModel(writer().ctx.db).addOwn(postId, friend.user._id);
    writer().ctx.events.publish('postPublished', { postId, authorId: friend.user._id, after: '' });
    await settled();
    expect(await eventually(async () => (await ids(me))[0] === postId)).toBe(true);
  });

  it("a friend's deleted post", async () => {
    const { me, friend, post } = await pair();
    expect((await readCached(me)).posts.map((p) => p._id)).toContain(post);
    expect((await as(writer(), friend)({ method: 'DELETE', url: `/posts/${post}` })).statusCode).toBe(200);
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);
  });

  it('a friendship that starts, then ends', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const theirs = await createPost(t.app, other, 'before we met');
    await readCached(me);
    await friendship(writer(), me, other, true);
    expect(await eventually(async () => (await ids(me)).includes(theirs))).toBe(true);
    await readCached(me);
    await friendship(writer(), other, me, false);
    expect(await eventually(async () => !(await ids(me)).includes(theirs))).toBe(true);
  });

  it('my own reaction and favorite', async () => {
    const { me, post } = await pair();
    await readCached(me);
    await as(writer(), me)({ method: 'PUT', url: `/posts/react/${post}`, payload: { reactionType: 'clap' } });
    expect(await eventually(async () => (await page(me)).posts[0]?.currentUserReactions.includes('clap') === true)).toBe(true);
    await as(writer(), me)({ method: 'PUT', url: `/posts/${post}/favorite` });
    expect(await eventually(async () => (await page(me)).posts[0]?.isFavorite === true)).toBe(true);
  });

  it('a block either way', async () => {
    const { me, friend, post } = await pair();
    await readCached(me);
    await act(writer(), me, 'block', friend);
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);

    const other = await pair();
    await readCached(other.me);
    await act(writer(), other.friend, 'block', other.me);
    expect(await eventually(async () => !(await ids(other.me)).includes(other.post))).toBe(true);
  });

  it('a mute, then its end', async () => {
    const { me, friend, post } = await pair();
    await readCached(me);
    await act(writer(), me, 'mute', friend);
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);
    await readCached(me);
    await act(writer(), me, 'mute', friend, true);
    expect(await eventually(async () => (await ids(me)).includes(post))).toBe(true);
  });

  it("a friend's suspension, and its end when its time is up", async () => {
    const { me, friend, post } = await pair();
    const mod = await createUser(t.app);
    await grant(t.app, mod);
    const reported = await report(t.app, me, { targetType: 'user', targetId: friend.user._id, reason: 'spam' });
    await readCached(me);
    await resolve(writer(), mod, reported, { action: 'suspend', reason: 'Spam', days: 1 });
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);

    // A suspension that ends by itself, which nothing announces.
    const ends = new Date(Date.now() + 1500).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_until: ends }).where('id', '=', friend.user._id).execute();
    // Told on the server that reads, so no relayed event arrives after the page below is kept.
    reader().ctx.events.publish('accountStandingChanged', { userId: friend.user._id });
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);
    await readCached(me);
    await new Promise((r) => setTimeout(r, Date.parse(ends) - Date.now() + 50));
    expect(await ids(me)).toContain(post);
  });

  it("a friend's account deleted", async () => {
    const { me, friend, post } = await pair();
    await readCached(me);
    const res = await as(writer(), friend)({ method: 'DELETE', url: '/users/me', payload: { password: friend.password } });
    expect(res.statusCode).toBeLessThan(300);
    expect(await eventually(async () => !(await ids(me)).includes(post))).toBe(true);
  });

  it('my new user name', async () => {
    const { me } = await pair();
    await readCached(me);
    const userName = `renamed_${Date.now().toString(36)}`;
    expect((await as(writer(), me)({ method: 'PATCH', url: '/users/me', payload: { userName } })).statusCode).toBe(200);
    expect(await eventually(async () => (await page(me, userName)).status === 200)).toBe(true);
    expect((await page(me)).status).toBe(403);
  });

  if (dialect === 'sqlite') {
    it('writes by another connection (the command line, the chat’s writer thread)', async () => {
      const { me, post } = await pair();
      await readCached(me);
      const other = createDb(t.config.database).db;
      try {
        await other.deleteFrom('feed_items').where('owner_id', '=', me.user._id).where('post_id', '=', post).execute();
        // `data_version` is read once per turn of the event loop; a commit reaches a server through I/O,
        // so in a later turn. This one is made in the test's own thread: the next turn sees it.
        await new Promise(setImmediate);
        expect(await ids(me)).not.toContain(post);
      } finally {
        await other.destroy();
      }
    });
  }

  it('npm run rebuild-timelines', async () => {
    const { me, post } = await pair();
    // A timeline row lost outside any server (nothing announces it), then the page is read and kept without it.
    const other = createDb(t.config.database).db;
    try {
      await other.deleteFrom('feed_items').where('owner_id', '=', me.user._id).where('post_id', '=', post).execute();
    } finally {
      await other.destroy();
    }
    await settled();
    expect((await readCached(me)).posts.map((p) => p._id)).not.toContain(post);
    const database = t.config.database;
    await rebuildFromCommandLine({
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATABASE_URL: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
      ...(redis ? { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix } : {}),
    });
    expect(await eventually(async () => (await ids(me)).includes(post))).toBe(true);
  });
});
