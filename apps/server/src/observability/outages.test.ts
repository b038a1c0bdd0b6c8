/**
 * A node whose PostgreSQL or Redis goes away (cut) or stops answering (stall), through TCP proxies the
 * test controls: the process lives on, requests answer quickly (503 for the database, local work without
 * Redis), /readyz says which dependency is down within a second, and everything recovers.
 */
import { loginResponseSchema } from '@plaza/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { freshPostgresDatabase, useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { befriend, connectAs, nextEvent, sleep } from '../modules/chat/testing';

const pgAdmin = inject('pgAdminUrl');
const redisMissing = await redisProblem();

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe.runIf(pgAdmin && !redisMissing)('dependency outages', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:`;
  const redisUrl = new URL(REDIS_TEST_URL);
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let dropDatabase: () => Promise<void> = async () => {};
  const env: Record<string, string> = {};

  // Proxies and database before the app (hooks run in order), torn down after it.
  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    dropDatabase = () => database.drop();
    const url = new URL(database.url);
    pgProxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    redisProxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    url.host = `127.0.0.1:${pgProxy.port}`;
    Object.assign(env, {
      DATABASE_URL: url.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_KEY_PREFIX: prefix,
      DATABASE_CONNECT_TIMEOUT: '1',
      DATABASE_STATEMENT_TIMEOUT: '1',
      REDIS_COMMAND_TIMEOUT: '1',
      REDIS_CONNECT_TIMEOUT: '1',
    });
  });
  afterAll(async () => {
    await pgProxy?.close();
    await redisProxy?.close();
    await dropDatabase();
    await dropRedisPrefix(prefix);
  });

  const t = useTestApp('sqlite', env, { listen: true });
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await createUser(t.app);
    b = await createUser(t.app);
    await befriend(t.app, a.user._id, b.user._id);
  });

  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });
  const send = (from: TestUser, to: TestUser, text: string) => sendChatMessage(t.app, from, to, text);

  it('runs on PostgreSQL and Redis through the proxies', async () => {
    expect(t.app.ctx.dialect).toBe('postgres');
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });

  it('PostgreSQL cut: the process lives, requests answer 503 at once, /readyz says so within a second, then all recovers', async () => {
    // A connection checked out mid-query when the link drops: this used to end the process.
    const slow = t.app.ctx.db
      .transaction()
      .execute((trx) => trx.selectNoFrom((eb) => eb.fn<number>('pg_sleep', [eb.val(0.5)]).as('x')).execute());
    await sleep(100);
    pgProxy.cut();
    await expect(slow).rejects.toThrow();

    const feed = await timed(() => as(t.app, a)({ method: 'GET', url: '/posts/my-posts' }));
    expect(feed.value.statusCode).toBe(503);
    expect(feed.value.headers['retry-after']).toBeDefined();
    expect(feed.ms).toBeLessThan(1500);
    const readiness = await timed(ready);
    expect(readiness.ms).toBeLessThan(1000);
    expect(readiness.value.statusCode).toBe(503);
    expect(readiness.value.json()).toMatchObject({ checks: { database: 'down', redis: 'up' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // A handshake that cannot be checked is worth retrying, not refused as unauthorized.
    pgProxy.restore();
    // A user whose session the server has not checked yet, so the handshake must ask the database.
    const c = await createUser(t.app);
    pgProxy.cut();
    await expect(connectAs(t.url, c)).rejects.toThrow('unavailable');

    pgProxy.restore();
    await expect.poll(async () => (await ready()).statusCode, { timeout: 5000 }).toBe(200);
    expect((await as(t.app, a)({ method: 'GET', url: '/posts/my-posts' })).statusCode).toBe(200);
  });

  it('PostgreSQL stall: no request waits past the statement timeout, /readyz within a second', async () => {
    pgProxy.stall();
    try {
      const feed = await timed(() => as(t.app, b)({ method: 'GET', url: '/posts/my-posts' }));
      expect(feed.value.statusCode).toBe(503);
      // Statement timeout 1 s, plus a second on our side, plus connecting (1 s) at most.
      expect(feed.ms).toBeLessThan(3500);
      const readiness = await timed(ready);
      expect(readiness.ms).toBeLessThan(1000);
      expect(readiness.value.statusCode).toBe(503);
    } finally {
      pgProxy.restore();
    }
    await expect.poll(async () => (await as(t.app, b)({ method: 'GET', url: '/posts/my-posts' })).statusCode, { timeout: 8000 }).toBe(200);
  });

  it('Redis cut: chat and login go on locally without a 500, /readyz says redis is down, and Redis comes back', async () => {
    const sa = await connectAs(t.url, a);
    const sb = await connectAs(t.url, b);
    try {
      redisProxy.cut();
      await sleep(100);
      const delivered = nextEvent(sb, 'receiveMessage', (m) => m.messageText === 'while Redis is away', 3000);
      const sent = await timed(() => send(a, b, 'while Redis is away'));
      expect(sent.value.statusCode).toBe(201);
      expect(sent.ms).toBeLessThan(1000);
      await delivered;
      const login = await as(
        t.app,
        null,
      )({ method: 'POST', url: '/auth/login', payload: { identifier: a.user.userName, password: a.password } });
      expect(login.statusCode).toBe(200);
      loginResponseSchema.parse(login.json());
      const readiness = await timed(ready);
      expect(readiness.ms).toBeLessThan(1000);
      // This node serves without Redis: a shared dependency's outage must not take every node out.
      expect(readiness.value.statusCode).toBe(200);
      expect(readiness.value.json()).toMatchObject({ status: 'ok', checks: { database: 'up', redis: 'down' } });

      redisProxy.restore();
      await expect.poll(async () => (await ready()).json<{ checks: { redis: string } }>().checks.redis, { timeout: 8000 }).toBe('up');
      const after = nextEvent(sb, 'receiveMessage', (m) => m.messageText === 'Redis is back', 3000);
      expect((await send(a, b, 'Redis is back')).statusCode).toBe(201);
      await after;
    } finally {
      sa.close();
      sb.close();
      redisProxy.restore();
    }
  });

  it('keeps rate limits under REDIS_KEY_PREFIX, and counts them on the node while Redis is away', async () => {
    const direct = new Redis(REDIS_TEST_URL);
    try {
      expect((await send(a, b, 'counted in Redis')).statusCode).toBe(201);
      // Only this sender's keys: other suites and processes share the Redis with prefixes of their own.
      const keys = await direct.keys(`*rl:chatMessagesPerUser*${a.user._id}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(prefix))).toBe(true);
    } finally {
      direct.disconnect();
    }
    redisProxy.cut();
    try {
      await sleep(100);
      // Flood control still holds without Redis: ten a burst, then 429 with Retry-After.
      // Sent at once, and four bursts' worth: one after another, or few, a slow host refills the bucket (five a
      // second) while it answers them.
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(a, b, `burst ${i}`)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
      expect(codes).toContain(429);
      expect(codes.every((c) => c === 201 || c === 429)).toBe(true);
      expect(answers.find((r) => r.statusCode === 429)?.headers['retry-after']).toBeDefined();
    } finally {
      redisProxy.restore();
    }
    await expect.poll(async () => (await ready()).json<{ checks: { redis: string } }>().checks.redis, { timeout: 8000 }).toBe('up');
  });

  it('Redis stall: sends answer within the command timeout, then at once while Redis is known to be stalled', async () => {
    redisProxy.stall();
    try {
      const first = await timed(() => send(b, a, 'stalled one'));
      expect(first.value.statusCode).toBe(201);
      expect(first.ms).toBeLessThan(2500);
      const second = await timed(() => send(b, a, 'stalled two'));
      expect(second.value.statusCode).toBe(201);
      expect(second.ms).toBeLessThan(500);
    } finally {
      redisProxy.restore();
    }
    await expect.poll(async () => (await ready()).json<{ checks: { redis: string } }>().checks.redis, { timeout: 8000 }).toBe('up');
  });

  it('/readyz asks through the pool: every connection to the database is one of the pool', async () => {
    const admin = new pg.Client({ connectionString: pgAdmin ?? undefined });
    await admin.connect();
    try {
      const name = new URL(t.config.database.kind === 'postgres' ? t.config.database.url : '').pathname.slice(1);
      for (let i = 0; i < 3; i++) expect((await ready()).statusCode).toBe(200);
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const poolTotal = Number(/plaza_db_pool_connections\{state="total"\} (\d+)/.exec(metrics)?.[1]);
      expect(rows[0].n).toBe(poolTotal);
    } finally {
      await admin.end();
    }
  });

  it("/readyz says the database is down while the requests' reads time out on a locked table, and up once they work", async () => {
    const url = t.config.database.kind === 'postgres' ? t.config.database.url : '';
    const locker = new pg.Client({ connectionString: url.replace(`127.0.0.1:${pgProxy.port}`, new URL(pgAdmin!).host) });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table posts in access exclusive mode');
      expect((await as(t.app, a)({ method: 'GET', url: '/posts/my-posts' })).statusCode).toBe(503);
      const readiness = await timed(ready);
      expect(readiness.ms).toBeLessThan(1000);
      expect(readiness.value.statusCode).toBe(503);
      expect(readiness.value.json()).toMatchObject({ checks: { database: 'down' } });
      // The read that timed out is counted by its cause.
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^plaza_errors_total\{cause="timeout"\} [1-9]/m);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await as(t.app, a)({ method: 'GET', url: '/posts/my-posts' })).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
  });
});
