import { feedResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { befriend, createPost } from './test-factories';

const MAX_AGE_MS = 400;

/**
 * Two servers on one database, as behind REDIS_URL: a change made through one shows in the other's
 * feed within FEED_POST_MAX_AGE_MS, and at once in the feed of the server it went through.
 */
describe.each(dialects())('rendered feed posts with two servers on %s', (dialect) => {
  const t = useTestApp(dialect, { FEED_POST_MAX_AGE_MS: String(MAX_AGE_MS) });
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(t.config, { logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });

  const feedOf = async (app: FastifyInstance, who: TestUser) => {
    const res = await as(app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds` });
    expect(res.statusCode).toBe(200);
    return feedResponseSchema.parse(res.json()).data.feeds;
  };

  it('shows a change made through another server within the maximum age, and at once on that server', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const id = await createPost(t.app, friend, 'two servers');
    expect((await feedOf(t.app, me))[0]).toMatchObject({ _id: id, totalReactions: 0, commentsCount: 0 });

    const started = Date.now();
    expect((await as(other, friend)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'heart' } })).statusCode).toBe(200);
    await as(other, friend)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Elsewhere Renamed' } });
    // The server the change went through shows it at once.
    expect((await feedOf(other, me))[0]).toMatchObject({ totalReactions: 1, author: { fullName: 'Elsewhere Renamed' } });
    // The first server may still show what it rendered, but never for longer than the maximum age.
    const seen = (await feedOf(t.app, me))[0];
    if (Date.now() - started < MAX_AGE_MS) expect(seen.totalReactions).toBe(0);
    await new Promise((r) => setTimeout(r, MAX_AGE_MS + 50));
    expect((await feedOf(t.app, me))[0]).toMatchObject({ totalReactions: 1, author: { fullName: 'Elsewhere Renamed' } });
  });

  it("keeps the reader's own marks exact on every server", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    const id = await createPost(t.app, friend, 'marks');
    await feedOf(t.app, me);
    await as(other, me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: 'clap' } });
    await as(other, me)({ method: 'PUT', url: `/posts/${id}/favorite` });
    expect((await feedOf(t.app, me))[0]).toMatchObject({ currentUserReactions: ['clap'], isFavorite: true });
  });
});
