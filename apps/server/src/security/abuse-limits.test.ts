/**
 * The abuse limits at their real numbers (rateLimitScale 1): password spraying, a guessed account,
 * sign-up and name-check storms from one address, and per-person floods of comments, reactions,
 * friend requests and uploads. Each attack is replayed and must end in 429 with Retry-After.
 */
import { LOGIN_BACKOFF, postResponseSchema, RATE_LIMITS, signupResponseSchema } from '@plaza/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { as, multipart, type TestUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { bodyOf } from '../../test/replies';

let next = 0;
/** A fresh account, signed up from an address of its own so the suite's sign-ups do not meet the limit. */
async function signup(app: FastifyInstance, password = 'correct horse battery'): Promise<TestUser> {
  next += 1;
  const tag = `${process.pid.toString(36)}x${next}${Math.random().toString(36).slice(2, 6)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress: `10.9.${next >> 8}.${next & 255}`,
    payload: { userName: `u_${tag}`, fullName: 'Limit Tester', email: `${tag}@example.test`, password },
  });
  const { user, accessToken, refreshToken } = bodyOf(res, signupResponseSchema);
  return { user, accessToken, refreshToken, password };
}

function login(app: FastifyInstance, from: string, identifier: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: from, payload: { identifier, password } });
}

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ success: false, error: 'Too Many Requests' });
}

describe('abuse limits', () => {
  const t = useTestApp('sqlite', {}, { rateLimitScale: 1 });

  it('stops password spraying: many names from one address end in 429', async () => {
    const codes: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 30; i++) {
      last = await login(t.app, '203.0.113.50', `someone_${i}`, 'Winter2026!');
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, RATE_LIMITS.loginPerAddress.points).every((c) => c === 401)).toBe(true);
    expect(codes.slice(RATE_LIMITS.loginPerAddress.points).every((c) => c === 429)).toBe(true);
    expectTooMany(last!);
    // Another address is not affected.
    expect((await login(t.app, '203.0.113.51', 'someone_0', 'Winter2026!')).statusCode).toBe(401);
  });

  it('backs off an account after repeated failures from many addresses, and lets its owner in after the wait', async () => {
    const victim = await signup(t.app, 'the real password');
    const name = victim.user.userName;
    for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) {
      expect((await login(t.app, `198.51.100.${i + 1}`, name, `guess ${i}`)).statusCode).toBe(401);
    }
    // The account now waits, from any address, even with the right password.
    const blocked = await login(t.app, '192.0.2.200', name.toUpperCase(), 'the real password');
    expectTooMany(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_BACKOFF.firstDelaySeconds);
    // A wait, not a lock-out: after it the owner logs in, and that clears the count.
    await new Promise((r) => setTimeout(r, LOGIN_BACKOFF.firstDelaySeconds * 1000 + 100));
    expect((await login(t.app, '192.0.2.200', name, 'the real password')).statusCode).toBe(200);
    expect((await login(t.app, '192.0.2.201', name, 'one more guess')).statusCode).toBe(401);
    expect((await login(t.app, '192.0.2.201', name, 'the real password')).statusCode).toBe(200);
  });

  it('limits sign-ups and user-name checks per address', async () => {
    const from = '203.0.113.60';
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.signupPerAddress.points; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        remoteAddress: from,
        payload: { userName: `spam_${i}_${next}`, fullName: 'Spam', email: `spam${i}_${next}@example.test`, password: 'spam spam spam' },
      });
      codes.push(res.statusCode);
      if (i === RATE_LIMITS.signupPerAddress.points) expectTooMany(res);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(RATE_LIMITS.signupPerAddress.points);

    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i <= RATE_LIMITS.userNameCheckPerAddress.points; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/get-username-available',
        remoteAddress: '203.0.113.61',
        payload: { sendUsername: `probe_${i}` },
      });
    }
    expectTooMany(res!);
  });

  it('limits comments, reactions and friend requests per person', async () => {
    const me = await signup(t.app);
    const other = await signup(t.app);
    const post = await as(t.app, other)({ method: 'POST', url: '/posts', ...multipart({ content: 'hello' }, []) });
    expect(post.statusCode).toBe(201);
    const postId = bodyOf(post, postResponseSchema).post._id;

    const flood = async (count: number, send: (i: number) => Promise<LightMyRequestResponse>) => {
      const codes: number[] = [];
      let res: LightMyRequestResponse | undefined;
      for (let i = 0; i < count; i++) codes.push((res = await send(i)).statusCode);
      return { codes, last: res! };
    };

    const comments = await flood(RATE_LIMITS.commentsPerUser.points + 1, (i) =>
      as(t.app, me)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: `c${i}` } }),
    );
    expect(comments.codes.filter((c) => c === 201)).toHaveLength(RATE_LIMITS.commentsPerUser.points);
    expectTooMany(comments.last);

    const reactions = await flood(RATE_LIMITS.reactionsPerUser.points + 1, () =>
      as(t.app, me)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } }),
    );
    expect(reactions.codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expectTooMany(reactions.last);

    const requests = await flood(RATE_LIMITS.friendRequestsPerUser.points + 1, (i) =>
      as(
        t.app,
        me,
      )({
        method: 'POST',
        url: `/users/follow/friend-request/${i % 2 ? 'cancel' : 'send'}`,
        payload: { targetUserId: other.user._id },
      }),
    );
    expect(requests.codes.slice(0, -1).every((c) => c < 300)).toBe(true);
    expectTooMany(requests.last);

    // Someone else is not slowed down by it.
    const theirs = await as(
      t.app,
      other,
    )({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'fine' } });
    expect(theirs.statusCode).toBe(201);
  });

  it('limits uploads per person across posts, stories and avatars', async () => {
    const me = await signup(t.app);
    const empty = multipart({}, []);
    const urls = ['/posts', '/users/u/stories/create', '/users/me/avatar'];
    const codes: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= RATE_LIMITS.uploadsPerUser.points; i++) {
      last = await as(t.app, me)({ method: 'POST', url: urls[i % 3], ...empty });
      codes.push(last.statusCode);
    }
    // Refused before the body is read, so even bad uploads count.
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expectTooMany(last!);
  });
});

const redisMissing = await redisProblem();

describe.skipIf(redisMissing)('abuse limits in Redis', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:limits:`;
  afterAll(() => dropRedisPrefix(prefix));
  const t = useTestApp('sqlite', { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix }, { rateLimitScale: 1 });
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(t.config, { logger: false });
    await second.ready();
  });
  afterAll(() => second?.close());

  it('are shared by every server process, under REDIS_KEY_PREFIX', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.loginPerAddress.points; i++) {
      codes.push((await login(i % 2 ? second : t.app, '203.0.113.70', `sprayed_${i}`, 'Spring2026!')).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c === 401)).toHaveLength(RATE_LIMITS.loginPerAddress.points);
    const redis = new Redis(REDIS_TEST_URL);
    expect((await redis.keys(`${prefix}rl:loginPerAddress*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });
});

describe('abuse limits while Redis is unreachable', () => {
  // Nothing listens on port 1: every Redis call fails, and the in-memory limiter must answer instead.
  const t = useTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1' }, { rateLimitScale: 1 });

  it('still count, and never fail or stall a request', async () => {
    const started = Date.now();
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.loginPerAddress.points; i++) {
      codes.push((await login(t.app, '203.0.113.80', `nobody_${i}`, 'Autumn2026!')).statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(RATE_LIMITS.loginPerAddress.points);
    expect(codes.at(-1)).toBe(429);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
