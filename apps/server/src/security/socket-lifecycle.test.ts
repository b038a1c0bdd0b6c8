/**
 * Sockets live no longer than their session, and one user cannot hold the server with many of them.
 * Each attack of the audit is replayed: a socket kept after logout, after a password change, after a
 * reused refresh token and after its token expired; 300 sockets with one token; an event flood spread
 * over many sockets; many sockets, and many handshakes, from one address.
 */
import { CHAT_ACK_ERRORS, loginResponseSchema, pairRoom, refreshResponseSchema, SOCKET_LIMITS, type AckResult } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { as, createUser, sendChatMessage, type TestUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { bodyOf } from '../../test/replies';
import { befriend, collect, connectAs, nextEvent, sleep, type ChatClient } from '../modules/chat/testing';

const CUT_WITHIN_MS = 2000;

const open: ChatClient[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function connect(url: string, who: { user: { _id: string }; accessToken: string }): Promise<ChatClient> {
  const s = await connectAs(url, who);
  open.push(s);
  return s;
}

/** Resolves when the server disconnects the socket, with how long that took; rejects after `ms`. */
function cut(socket: ChatClient, ms = CUT_WITHIN_MS): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      expect(reason).toBe('io server disconnect');
      resolve(Date.now() - started);
    });
  });
}

/** A second session of the same account (another device). */
async function loginAgain(app: FastifyInstance, u: TestUser): Promise<TestUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { identifier: u.user.userName, password: u.password },
  });
  const body = bodyOf(res, loginResponseSchema);
  return { ...u, accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/** The session id an access token names (its `sid` claim). */
function sessionOf(u: TestUser): string {
  const payload = JSON.parse(Buffer.from(u.accessToken.split('.')[1], 'base64url').toString()) as { sid: string };
  return payload.sid;
}

describe('a socket belongs to its session', () => {
  const t = useTestApp('sqlite', {}, { listen: true });

  async function pair() {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await befriend(t.app, a.user._id, b.user._id);
    return { a, b };
  }

  it('is cut within 2 s of logout and hears no private message after it; the same person’s other session stays', async () => {
    const { a, b } = await pair();
    const phone = await connect(t.url, await loginAgain(t.app, a));
    const socket = await connect(t.url, a);
    const received = collect(socket, 'receiveMessage');
    expect((await sendChatMessage(t.app, b, a, 'before logout')).statusCode).toBe(201);
    await nextEvent(socket, 'receiveMessage', (m) => m.messageText === 'before logout');

    const gone = cut(socket);
    expect((await as(t.app, a)({ method: 'GET', url: '/auth/user/logout' })).statusCode).toBe(200);
    expect(await gone).toBeLessThan(CUT_WITHIN_MS);

    const onPhone = nextEvent(phone, 'receiveMessage', (m) => m.messageText === 'after logout');
    expect((await sendChatMessage(t.app, b, a, 'after logout')).statusCode).toBe(201);
    await onPhone;
    await sleep(300);
    expect(received.map((m) => m.messageText)).toEqual(['before logout']);
    expect(phone.connected).toBe(true);
    // Nor can it come back with the same token.
    await expect(connectAs(t.url, a)).rejects.toThrow('unauthorized');
  });

  it("cuts the account's other sessions' sockets on a password change, and keeps the changer's", async () => {
    const { a } = await pair();
    const phone = await loginAgain(t.app, a);
    const phoneSocket = await connect(t.url, phone);
    const laptopSocket = await connect(t.url, a);

    const gone = cut(phoneSocket);
    const res = await as(
      t.app,
      a,
    )({ method: 'POST', url: '/users/me/password', payload: { currentPassword: a.password, newPassword: 'a brand new passphrase' } });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBeLessThan(CUT_WITHIN_MS);
    await sleep(200);
    expect(laptopSocket.connected).toBe(true);
  });

  it('cuts the sockets of a refresh family revoked for reuse', async () => {
    const { a } = await pair();
    const socket = await connect(t.url, a);
    const refresh = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken: a.refreshToken } });
    expect((await refresh()).statusCode).toBe(200);
    const gone = cut(socket);
    // The same refresh token again: a copy is in someone else's hands, so the family ends.
    expect((await refresh()).statusCode).toBe(401);
    expect(await gone).toBeLessThan(CUT_WITHIN_MS);
  });

  it('revokeAllSessions cuts every socket of the user, or all but one session', async () => {
    const { a } = await pair();
    const other = await loginAgain(t.app, a);
    const first = await connect(t.url, a);
    const second = await connect(t.url, other);
    const gone = cut(second);
    await t.app.ctx.auth.revokeAllSessions(a.user._id, { except: sessionOf(a) });
    expect(await gone).toBeLessThan(CUT_WITHIN_MS);
    expect(first.connected).toBe(true);
    const firstGone = cut(first);
    await t.app.ctx.auth.revokeAllSessions(a.user._id);
    expect(await firstGone).toBeLessThan(CUT_WITHIN_MS);
  });

  it('keeps at most 10 sockets of one user alive: 300 with one token leave the newest 10', async () => {
    const a = await createUser(t.app);
    const sockets: ChatClient[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const made = await Promise.allSettled(Array.from({ length: 50 }, () => connectAs(t.url, a)));
      for (const m of made) if (m.status === 'fulfilled') sockets.push(m.value);
    }
    open.push(...sockets);
    const last = await connect(t.url, a);
    await sleep(500);
    const alive = [...sockets, last].filter((s) => s.connected);
    expect(alive.length).toBeLessThanOrEqual(SOCKET_LIMITS.perUser);
    expect(last.connected).toBe(true);
  });

  it('gives one event budget to all of a user’s sockets', async () => {
    const { a, b } = await pair();
    const sockets = await Promise.all(Array.from({ length: SOCKET_LIMITS.perUser }, () => connect(t.url, a)));
    const room = pairRoom(a.user._id, b.user._id);
    const started = Date.now();
    const acks = await Promise.all(
      sockets.flatMap((s) =>
        Array.from({ length: 40 }, () => new Promise<AckResult>((resolve) => s.emit('leaveRoom', { room, userId: a.user._id }, resolve))),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = acks.filter((r) => r.status === 'ok').length;
    // 400 events over 10 sockets; a per-socket budget would have let all of them through.
    expect(accepted).toBeLessThanOrEqual(SOCKET_LIMITS.eventBurst + Math.ceil(SOCKET_LIMITS.eventsPerSecond * seconds) + 1);
    expect(acks.filter((r) => r.error === CHAT_ACK_ERRORS.rateLimited).length).toBeGreaterThan(200);
  });
});

describe('the caps of one address (SOCKETS_PER_ADDRESS, SOCKET_HANDSHAKES_PER_ADDRESS)', () => {
  const t = useTestApp('sqlite', { SOCKETS_PER_ADDRESS: '20', SOCKET_HANDSHAKES_PER_ADDRESS: '0' }, { listen: true });
  const capped = useTestApp('sqlite', { SOCKETS_PER_ADDRESS: '0', SOCKET_HANDSHAKES_PER_ADDRESS: '5' }, { listen: true });

  it('default to a thousand sockets and a thousand handshakes in ten seconds, enough for many people behind one NAT', () => {
    expect(loadConfig({}).socketsPerAddress).toEqual({ sockets: 1000, handshakesPer10s: 1000 });
  });

  it('refuses sockets beyond the configured cap of one address', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t.app)));
    const results = [];
    for (const u of users) {
      results.push(...(await Promise.allSettled(Array.from({ length: SOCKET_LIMITS.perUser }, () => connectAs(t.url, u)))));
    }
    for (const r of results) if (r.status === 'fulfilled') open.push(r.value);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as Error).message);
    expect(results.length - refused.length).toBe(20);
    expect(new Set(refused)).toEqual(new Set(['too_many_connections']));
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`plaza_socket_handshake_refusals_total{reason="too_many_connections"} ${refused.length}`);
  });

  it('refuses handshakes beyond the rate of one address, whatever sockets it holds', async () => {
    const u = await createUser(capped.app);
    const results = [];
    for (let i = 0; i < 7; i++) {
      const r = await connectAs(capped.url, u).then(
        (s) => {
          s.close();
          return 'ok';
        },
        (err: Error) => err.message,
      );
      results.push(r);
    }
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'too_many_connections', 'too_many_connections']);
  });
});

describe('a socket whose access token expired', () => {
  const t = useTestApp('sqlite', { ACCESS_TOKEN_TTL: '5', SOCKET_REAUTH_GRACE: '1' }, { listen: true });

  it('is told, then cut within the grace period unless it sends a fresh token', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await befriend(t.app, a.user._id, b.user._id);
    const stale = await connect(t.url, a);
    const renewed = await connect(t.url, a);
    const staleMessages = collect(stale, 'receiveMessage');

    const warning = await nextEvent(renewed, 'reauthenticateRequired', () => true, 7000);
    expect(Date.parse(warning.deadline)).toBeGreaterThan(Date.now());
    // What the web app does after each refresh: send the new access token.
    const refreshed = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken: a.refreshToken } }),
      refreshResponseSchema,
    );
    const ack = await new Promise<AckResult>((resolve) => renewed.emit('reauthenticate', { token: refreshed.accessToken }, resolve));
    expect(ack).toEqual({ status: 'ok' });
    // A token of someone else is refused.
    const foreign = await new Promise<AckResult>((resolve) => renewed.emit('reauthenticate', { token: b.accessToken }, resolve));
    expect(foreign).toEqual({ status: 'error', error: CHAT_ACK_ERRORS.unauthorized });

    expect(await cut(stale, 1000 + CUT_WITHIN_MS)).toBeLessThan(1000 + CUT_WITHIN_MS);
    const fresh = { ...b, accessToken: (await loginAgain(t.app, b)).accessToken };
    expect((await sendChatMessage(t.app, fresh, a, 'after expiry')).statusCode).toBe(201);
    await nextEvent(renewed, 'receiveMessage', (m) => m.messageText === 'after expiry');
    expect(staleMessages).toEqual([]);
    expect(renewed.connected).toBe(true);
  });
});

const redisMissing = await redisProblem();

describe.skipIf(redisMissing)('two server processes sharing Redis', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:sockets:`;
  afterAll(() => dropRedisPrefix(prefix));
  const t = useTestApp('sqlite', { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix }, { listen: true });
  let second: FastifyInstance;
  let secondUrl = '';
  beforeAll(async () => {
    second = await buildApp(t.config, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const addr = second.server.address();
    secondUrl = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
  });
  afterAll(() => second?.close());

  it('a logout through one process cuts the socket held by the other within 2 s', async () => {
    const a = await createUser(t.app);
    const socket = await connect(secondUrl, a);
    const gone = cut(socket);
    expect((await as(t.app, a)({ method: 'GET', url: '/auth/user/logout' })).statusCode).toBe(200);
    expect(await gone).toBeLessThan(CUT_WITHIN_MS);
  });

  it('caps a user at 10 sockets over both processes', async () => {
    const a = await createUser(t.app);
    const sockets: ChatClient[] = [];
    for (let i = 0; i < 16; i++) sockets.push(await connect(i % 2 ? secondUrl : t.url, a));
    // Each push-out crosses to the other process through Redis: give it a moment to land.
    const alive = () => sockets.filter((s) => s.connected);
    for (let waited = 0; alive().length > SOCKET_LIMITS.perUser && waited < CUT_WITHIN_MS; waited += 100) await sleep(100);
    expect(alive()).toHaveLength(SOCKET_LIMITS.perUser);
    expect(alive()).toEqual(expect.arrayContaining(sockets.slice(-2)));
    expect(sockets.slice(0, 4).some((s) => s.connected)).toBe(false);
  });
});
