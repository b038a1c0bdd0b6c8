import { feedResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { dialects, directRunsOf, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { eventually, useSecondServer } from '../../../test/second-server';
import { feedPostRenderer } from './hydrate';
import { befriend, createPost } from './testing';

/** A rendered page's chunks, parsed. */
const jsonOf = (chunks: Buffer[]): unknown => JSON.parse(Buffer.concat(chunks).toString());

const MAX_AGE_MS = 400;

/**
 * Two servers on one database without Redis to tell each other what changed: a change made through one
 * shows in the other's feed within FEED_POST_MAX_AGE_MS, and at once on the server it went through.
 */
describe.each(dialects())('rendered feed posts with two servers on %s', (dialect) => {
  const t = useTestApp(dialect, { FEED_POST_MAX_AGE_MS: String(MAX_AGE_MS) });
  const second = useSecondServer(t);

  const feedOf = async (app: FastifyInstance, who: TestUser) => {
    const res = await as(app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, feedResponseSchema).data.feeds;
  };

  it('shows a change made through another server within the maximum age, and at once on that server', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const id = await createPost(t.app, friend, 'two servers');
    expect((await feedOf(t.app, me))[0]).toMatchObject({ _id: id, totalReactions: 0, commentsCount: 0 });

    const started = Date.now();
    expect((await as(second(), friend)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'heart' } })).statusCode).toBe(
      200,
    );
    await as(second(), friend)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Elsewhere Renamed' } });
    // The server the change went through shows it at once.
    expect((await feedOf(second(), me))[0]).toMatchObject({ totalReactions: 1, author: { fullName: 'Elsewhere Renamed' } });
    // The first server may still show what it rendered (or may have heard of the change through the outbox
    // already), but never for longer than the maximum age.
    await new Promise((r) => setTimeout(r, Math.max(0, started + MAX_AGE_MS + 50 - Date.now())));
    expect((await feedOf(t.app, me))[0]).toMatchObject({ totalReactions: 1, author: { fullName: 'Elsewhere Renamed' } });
  });

  it("keeps the reader's own marks exact on every server", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const id = await createPost(t.app, friend, 'marks');
    await feedOf(t.app, me);
    await as(second(), me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'clap' } });
    await as(second(), me)({ method: 'PUT', url: `/posts/${id}/favorite` });
    expect((await feedOf(t.app, me))[0]).toMatchObject({ currentUserReactions: ['clap'], isFavorite: true });
  });
});

describe.each(dialects())('rendered feed posts on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('does not keep a post rendered from a read made before a change that dropped it', async () => {
    const author = await createUser(t.app);
    const id = await createPost(t.app, author, 'rendered while it changes');
    const renderPage = feedPostRenderer(t.app.ctx.db, t.app.ctx.events, { maxAgeMs: 600_000 });
    const runs = directRunsOf(t.app);
    runs.count = 0;
    const row = [id, 0, 0] as const;
    // The post is read, then a reaction is announced before the rendering is kept.
    const first = renderPage([row]);
    t.app.ctx.events.publish('postChanged', { postId: id });
    expect(jsonOf(await first)).toHaveLength(1);
    const readsBefore = runs.count;
    await renderPage([row]);
    expect(runs.count).toBe(readsBefore + 1);
    // Rendered after the change, it is kept: the next page reads nothing.
    await renderPage([row]);
    expect(runs.count).toBe(readsBefore + 1);
  });

  it('reads a post once for the pages that find it stale together, and anew after a change', async () => {
    const author = await createUser(t.app);
    const ids = [await createPost(t.app, author, 'shown to many'), await createPost(t.app, author, 'shown to some')];
    const renderPage = feedPostRenderer(t.app.ctx.db, t.app.ctx.events, { maxAgeMs: 600_000 });
    const runs = directRunsOf(t.app);
    runs.count = 0;
    const rows = ids.map((id) => [id, 0, 0] as const);
    // Fifty readers' pages at once: one read renders the posts for all of them.
    const pages = await Promise.all(Array.from({ length: 50 }, (_, i) => renderPage(i % 2 ? [rows[0]] : rows)));
    expect(runs.count).toBe(1);
    expect(pages.map((p) => (jsonOf(p) as unknown[]).length)).toEqual(Array.from({ length: 50 }, (_, i) => (i % 2 ? 1 : 2)));

    // A page arriving after a change does not wait for a rendering that began before it.
    t.app.ctx.events.publish('postChanged', { postId: ids[0] });
    const before = renderPage([rows[0]]);
    t.app.ctx.events.publish('postChanged', { postId: ids[0] });
    const after = renderPage([rows[0]]);
    await Promise.all([before, after]);
    expect(runs.count).toBe(3);
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  /** With REDIS_URL the servers tell each other what changed: no waiting for the maximum age. */
  describe('rendered feed posts with two servers sharing Redis', () => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:feed:`;
    // A maximum age far beyond the test: only the relayed events can explain a fresh page.
    const t = useTestApp('sqlite', { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, FEED_POST_MAX_AGE_MS: '600000' });
    const second = useSecondServer(t);
    afterAll(() => dropRedisPrefix(prefix));

    const feedOf = async (app: FastifyInstance, who: TestUser) =>
      bodyOf(await as(app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds` }), feedResponseSchema).data.feeds;

    it('drops on every server what a reaction, a comment or a profile edit changed', async () => {
      const me = await createUser(t.app);
      const friend = await createUser(t.app);
      await befriend(t.app, me, friend);
      const id = await createPost(t.app, friend, 'relayed');
      expect((await feedOf(t.app, me))[0]).toMatchObject({ _id: id, totalReactions: 0 });

      await as(second(), friend)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'fire' } });
      expect(await eventually(async () => (await feedOf(t.app, me))[0].totalReactions === 1)).toBe(true);
      await as(
        second(),
        friend,
      )({ method: 'POST', url: `/comments/posts/${id}/comments`, payload: { commentContent: 'from the other side' } });
      expect(await eventually(async () => (await feedOf(t.app, me))[0].commentsCount === 1)).toBe(true);
      await as(second(), friend)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Relayed Name' } });
      expect(await eventually(async () => (await feedOf(t.app, me))[0].author.fullName === 'Relayed Name')).toBe(true);
    });
  });
}
