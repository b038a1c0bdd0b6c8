import { messageSchema, pairRoom } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { as, createUser, sendChatMessage } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dialects, useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { bodyOf } from '../../test/replies';
import { befriend, connectAs, firstOnlineUsers, nextEvent, type ChatClient } from '../modules/chat/testing';

describe.each(dialects())('socket handshake on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });

  it('refuses a missing, a bad and a foreign token with connect_error "unauthorized"', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await expect(connectAs(t.url, null, { userId: a.user._id })).rejects.toThrow('unauthorized');
    await expect(connectAs(t.url, a, { token: 'not.a.jwt' })).rejects.toThrow('unauthorized');
    await expect(connectAs(t.url, a, { token: `${a.accessToken.slice(0, -3)}xyz` })).rejects.toThrow('unauthorized');
    // A real token, but the userId query names someone else.
    await expect(connectAs(t.url, a, { userId: b.user._id })).rejects.toThrow('unauthorized');
    const ok = await connectAs(t.url, a);
    expect(ok.connected).toBe(true);
    ok.close();
  });

  it('refuses the token of a session that logged out', async () => {
    const a = await createUser(t.app);
    await as(t.app, a)({ method: 'GET', url: '/auth/user/logout' });
    await expect(connectAs(t.url, a)).rejects.toThrow('unauthorized');
  });
});

const redisMissing = await redisProblem();

if (!redisMissing) {
  describe('two nodes sharing Redis', () => {
    const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:`;
    // Registered first so it runs last, after both nodes have closed (closing writes to the stream).
    afterAll(() => dropRedisPrefix(prefix));
    const t = useTestApp('sqlite', { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix }, { listen: true });
    let second: FastifyInstance;
    let secondUrl = '';
    const open: ChatClient[] = [];

    beforeAll(async () => {
      // Same database and Redis, another process-like instance: what a load balancer would put side by side.
      second = await buildApp(t.config, { logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const addr = second.server.address();
      secondUrl = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
    });
    afterEach(() => {
      for (const s of open.splice(0)) s.close();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('delivers to a client on node 1 a message sent through node 2, once', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const sa = await connectAs(t.url, a);
      open.push(sa);
      const seen: string[] = [];
      sa.on('receiveMessage', (m) => seen.push(m._id));
      const room = pairRoom(a.user._id, b.user._id);
      const joined = nextEvent(sa, 'roomJoined');
      sa.emit('joinRoom', { room, userId: a.user._id, username: a.user.userName });
      await joined;
      const arrived = nextEvent(sa, 'receiveMessage');
      const res = await sendChatMessage(second, b, a, 'across nodes');
      expect(res.statusCode).toBe(201);
      const sent = bodyOf(res, messageSchema);
      expect(await arrived).toEqual(sent);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([sent._id]);
    });

    it('shares presence: a friend on node 2 is seen online from node 1, and going offline too', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      await befriend(t.app, a.user._id, b.user._id);
      const sa = await connectAs(t.url, a);
      open.push(sa);
      expect(await firstOnlineUsers(sa)).toEqual([a.user._id]);
      const seesB = nextEvent(sa, 'onlineUsers', (ids) => ids.includes(b.user._id));
      const sb = await connectAs(secondUrl, b);
      expect(new Set(await firstOnlineUsers(sb))).toEqual(new Set([a.user._id, b.user._id]));
      expect(new Set(await seesB)).toEqual(new Set([a.user._id, b.user._id]));
      const seesBGo = nextEvent(sa, 'onlineUsers', (ids) => !ids.includes(b.user._id));
      sb.close();
      expect(await seesBGo).toEqual([a.user._id]);
      const redis = new Redis(REDIS_TEST_URL);
      try {
        expect(await redis.zcard(`${prefix}presence:${a.user._id}`)).toBe(1);
        expect(await redis.zcard(`${prefix}presence:${b.user._id}`)).toBe(0);
      } finally {
        redis.disconnect();
      }
    });

    it('takes the users of a node that stopped beating offline for their friends within ten seconds', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      await befriend(t.app, a.user._id, b.user._id);
      // A third node that will "die": it holds b's socket, then loses its voice in Redis for good.
      const doomed = await buildApp(t.config, { logger: false });
      await doomed.listen({ port: 0, host: '127.0.0.1' });
      const addr = doomed.server.address();
      try {
        const sa = await connectAs(t.url, a);
        open.push(sa);
        const sb = await connectAs(typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '', b);
        open.push(sb);
        await nextEvent(sa, 'onlineUsers', (ids) => ids.includes(b.user._id));
        const gone = nextEvent(sa, 'onlineUsers', (ids) => !ids.includes(b.user._id), 10_000);
        const diedAt = Date.now();
        doomed.ctx.redis?.close();
        expect(await gone).toEqual([a.user._id]);
        expect(Date.now() - diedAt).toBeLessThan(10_000);
      } finally {
        await doomed.close();
      }
    }, 20_000);

    it('keeps a user online while a stopping node hands its sockets over to another', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      await befriend(t.app, a.user._id, b.user._id);
      const leaving = await buildApp(t.config, { logger: false });
      await leaving.listen({ port: 0, host: '127.0.0.1' });
      const addr = leaving.server.address();
      const sa = await connectAs(t.url, a);
      open.push(sa);
      const sb = await connectAs(typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '', b);
      open.push(sb);
      await nextEvent(sa, 'onlineUsers', (ids) => ids.includes(b.user._id));
      const lists: string[][] = [];
      sa.on('onlineUsers', (ids) => lists.push(ids));
      const closed = new Promise<string>((resolve) => sb.once('disconnect', (reason) => resolve(reason)));
      await leaving.close();
      expect(await closed).toBe('transport close');
      // b's client comes back on another node before the handover delay ends.
      const back = await connectAs(secondUrl, b);
      open.push(back);
      await new Promise((r) => setTimeout(r, 6000));
      expect(lists.every((ids) => ids.includes(b.user._id))).toBe(true);
      back.close();
      // And a user who does not come back goes offline once the node is taken over.
      expect(await nextEvent(sa, 'onlineUsers', (ids) => !ids.includes(b.user._id), 5000)).toEqual([a.user._id]);
    }, 20_000);

    it('comes back from a dropped connection as a new session: what it missed is in the history, not replayed', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const sa = await connectAs(t.url, a, { reconnect: true });
      open.push(sa);
      const sendToA = (text: string) => sendChatMessage(second, b, a, text);
      const seen: string[] = [];
      sa.on('receiveMessage', (m) => seen.push(m.messageText));
      const first = nextEvent(sa, 'receiveMessage');
      await sendToA('before the drop');
      const held = await first;
      const back = new Promise<void>((resolve) => sa.io.once('reconnect', () => resolve()));
      sa.io.engine.close();
      expect((await sendToA('while away')).statusCode).toBe(201);
      await back;
      // socket.io keeps no broadcasts for a recovery: the client catches up through `after=`, as the apps do.
      await new Promise((r) => setTimeout(r, 300));
      expect(sa.recovered).not.toBe(true);
      expect(seen).toEqual(['before the drop']);
      const missed = await as(t.app, a)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}?after=${held._id}` });
      expect(missed.json<Array<{ messageText: string }>>().map((m) => m.messageText)).toEqual(['while away']);
      // And the new session is in its personal room again.
      const next = nextEvent(sa, 'receiveMessage');
      await sendToA('after the drop');
      expect((await next).messageText).toBe('after the drop');
    });

    it('shares flood control between the nodes', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 14; i++) {
        const node = i % 2 ? second : t.app;
        const res = await sendChatMessage(node, a, b, `m${i}`);
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 201).length).toBeLessThan(14);
      expect(codes.at(-1)).toBe(429);
    });
  });
}
