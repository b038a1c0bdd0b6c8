import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { REDIS_TEST_URL } from '../../../test/global-setup';
import { dialects, useTestApp } from '../../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../../test/redis';
import { useSecondServer } from '../../../test/second-server';
import { grant, report, resolve } from '../moderation/testing';
import { act } from '../safety/testing';

/**
 * A send's names and permissions are kept in memory (people-by-name.ts, safety/interaction-cache.ts):
 * every test first sends once, so what it checks is that the change drops what was kept.
 */
const sendVia = (app: FastifyInstance, from: TestUser, toName: string, text = 'hello') =>
  as(
    app,
    from,
  )({
    method: 'POST',
    url: '/chats/send',
    payload: { messageSenderUsername: from.user.userName, messageReceiverUsername: toName, messageContent: text },
  }).then((r) => r.statusCode);

describe.each(dialects())('what a send may do changes on the very next send, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const send = (from: TestUser, to: TestUser | string) => sendVia(t.app, from, typeof to === 'string' ? to : to.user.userName);
  const pair = async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect(await send(a, b)).toBe(201);
    expect(await send(b, a)).toBe(201);
    return [a, b] as const;
  };

  it('a block refuses the next send either way, and an unblock allows it again', async () => {
    const [a, b] = await pair();
    await act(t.app, b, 'block', a);
    expect(await send(a, b)).toBe(403);
    expect(await send(b, a)).toBe(403);
    await act(t.app, b, 'block', a, true);
    expect(await send(a, b)).toBe(201);
    expect(await send(b, a)).toBe(201);
  });

  it('a suspension refuses the next send to the suspended person', async () => {
    const [a, b] = await pair();
    const mod = await createUser(t.app);
    await grant(t.app, mod, 'moderator');
    const id = await report(t.app, a, { targetType: 'user', targetId: b.user._id, reason: 'spam' });
    await resolve(t.app, mod, id, { action: 'suspend', reason: 'Spam', days: 1 });
    expect(await send(a, b)).toBe(403);
  });

  it('a new user name is found at once and the old one is nobody', async () => {
    const [a, b] = await pair();
    const oldName = b.user.userName;
    const newName = `${oldName.slice(0, 20)}_new`;
    expect((await as(t.app, b)({ method: 'PATCH', url: '/users/me', payload: { userName: newName } })).statusCode).toBe(200);
    expect(await send(a, oldName)).toBe(404);
    expect(await send(a, newName)).toBe(201);
  });

  it('a deleted account is nobody on the next send', async () => {
    const [a, b] = await pair();
    const res = await as(t.app, b)({ method: 'DELETE', url: '/users/me', payload: { password: b.password } });
    expect(res.statusCode).toBeLessThan(300);
    expect(await send(a, b)).toBe(404);
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  describe.each(dialects())('what a send may do, on two servers sharing Redis, on %s', (dialect) => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:chat-permissions:`;
    const t = useTestApp(dialect, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix });
    const second = useSecondServer(t);
    afterAll(() => dropRedisPrefix(prefix));
    /** The relay is asynchronous: a change reaches the other server within milliseconds. */
    const statusWithin = async (expected: number, attempt: () => Promise<number>, ms = 500) => {
      const until = Date.now() + ms;
      for (;;) {
        const status = await attempt();
        if (status === expected || Date.now() > until) return status;
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it('a block made through one server refuses the other server’s next send, and an unblock allows it', async () => {
      const [a, b] = [await createUser(t.app), await createUser(t.app)];
      expect(await sendVia(second(), a, b.user.userName)).toBe(201);
      await act(t.app, b, 'block', a);
      expect(await statusWithin(403, () => sendVia(second(), a, b.user.userName))).toBe(403);
      await act(t.app, b, 'block', a, true);
      expect(await statusWithin(201, () => sendVia(second(), a, b.user.userName))).toBe(201);
    });

    it('a user name changed through one server is nobody on the other', async () => {
      const [a, b] = [await createUser(t.app), await createUser(t.app)];
      const oldName = b.user.userName;
      expect(await sendVia(second(), a, oldName)).toBe(201);
      const patched = await as(t.app, b)({ method: 'PATCH', url: '/users/me', payload: { userName: `${oldName.slice(0, 20)}_two` } });
      expect(patched.statusCode).toBe(200);
      expect(await statusWithin(404, () => sendVia(second(), a, oldName))).toBe(404);
    });
  });
}
