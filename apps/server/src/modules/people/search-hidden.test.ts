import { userSearchResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { dialects, useTestApp } from '../../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { bodyOf } from '../../../test/replies';
import { eventually, useSecondServer } from '../../../test/second-server';
import { grant, report, resolve } from '../moderation/testing';
import { act } from '../safety/testing';

/**
 * Who a search leaves out is answered from memory (safety/hidden-people-cache.ts): every test first searches, so
 * the viewer's blocks and the found people's standing are kept, and then checks that the change drops them.
 */
const finds = async (app: FastifyInstance, viewer: TestUser, query: string, who: TestUser) =>
  bodyOf(await as(app, viewer)({ method: 'GET', url: `/search/users?query=${query}` }), userSearchResponseSchema).users.some(
    (u) => u._id === who.user._id,
  );

/** Two people with one rare name, each found by the other's search. */
async function pairNamed(app: FastifyInstance, name: string) {
  const [a, b] = [await createUser(app, { fullName: `${name} Able` }), await createUser(app, { fullName: `${name} Baker` })];
  expect(await finds(app, a, name, b)).toBe(true);
  expect(await finds(app, b, name, a)).toBe(true);
  return [a, b] as const;
}

describe.each(dialects())('who a search leaves out changes on the very next search, on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('a block hides each from the other, whoever blocked; an unblock shows them again', async () => {
    const [a, b] = await pairNamed(t.app, 'Zephyrine');
    await act(t.app, b, 'block', a);
    expect(await finds(t.app, a, 'zephyrine', b)).toBe(false);
    expect(await finds(t.app, b, 'zephyrine', a)).toBe(false);
    await act(t.app, b, 'block', a, true);
    expect(await finds(t.app, a, 'zephyrine', b)).toBe(true);
    expect(await finds(t.app, b, 'zephyrine', a)).toBe(true);
  });

  it('a suspension hides the person from everyone’s search at once', async () => {
    const [a, b] = await pairNamed(t.app, 'Quorrimund');
    const mod = await createUser(t.app);
    await grant(t.app, mod, 'moderator');
    const id = await report(t.app, a, { targetType: 'user', targetId: b.user._id, reason: 'spam' });
    await resolve(t.app, mod, id, { action: 'suspend', reason: 'Spam', days: 1 });
    expect(await finds(t.app, a, 'quorrimund', b)).toBe(false);
    expect(await finds(t.app, mod, 'quorrimund', b)).toBe(false);
    expect(await finds(t.app, mod, 'quorrimund', a)).toBe(true);
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  describe.each(dialects())('who a search leaves out, on two servers sharing Redis, on %s', (dialect) => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:hidden:`;
    const t = useTestApp(dialect, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix });
    const second = useSecondServer(t);
    afterAll(() => dropRedisPrefix(prefix));
    const hiddenOnSecond = (viewer: TestUser, query: string, who: TestUser) =>
      eventually(async () => !(await finds(second(), viewer, query, who)), 500);

    it('a block through one server hides them on the other at once', async () => {
      const [a, b] = await pairNamed(second(), 'Vellacourt');
      await act(t.app, a, 'block', b);
      expect(await hiddenOnSecond(b, 'vellacourt', a)).toBe(true);
      expect(await hiddenOnSecond(a, 'vellacourt', b)).toBe(true);
    });
  });
}
