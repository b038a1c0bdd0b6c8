/**
 * Schema-driven fuzzing: every operation of the contract gets hundreds of bad requests from a signed-in
 * user (wrong types, missing fields, huge strings, unicode edge cases, control characters, nested JSON,
 * broken bodies, wrong content types, bad path parameters, bad tokens). None may answer 5xx, and the
 * server must be healthy afterwards. FUZZ_SEED replays a run; the count and the seed are printed.
 */
import { API_PREFIX, commentResponseSchema, operations, type Operation } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { befriend, createPost } from '../modules/posts/testing';
import { createStory } from '../modules/stories/testing';
import { fuzzRequests, type FuzzPool } from '../../test/fuzz-inputs';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 4;
const PASSWORD_CHECKED = new Set(['login', 'signup', 'changePassword', 'deleteAccount', 'resetPassword']);

describe('fuzzing every operation', () => {
  const t = useTestApp('sqlite');

  it('never answers 5xx, and the server stays healthy', { timeout: 240_000 }, async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    await befriend(t.app, me, other);
    const postId = await createPost(t.app, other);
    const comment = await as(
      t.app,
      other,
    )({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'hi' } });
    const commentId = bodyOf(comment, commentResponseSchema).comment._id;
    const storyId = await createStory(t.app, other);
    const pool: FuzzPool = {
      ids: {
        userId: other.user._id,
        targetUserId: other.user._id,
        currentUserId: me.user._id,
        otherUserId: other.user._id,
        authUser: me.user._id,
        postId,
        commentId,
        storyId,
      },
      userName: me.user.userName,
      otherUserName: other.user.userName,
      token: me.accessToken,
    };

    const all = Object.values(operations) as Operation[];
    // Operations that check a password run argon2 on plausible input (~50 ms each): they get a smaller share.
    const weightOf = (op: Operation) => (PASSWORD_CHECKED.has(op.operationId) ? 0.25 : 1);
    const perUnit = TOTAL / all.reduce((sum, op) => sum + weightOf(op), 0);
    const failures: string[] = [];
    const slowest: Array<[string, number]> = [];
    let sent = 0;
    const started = Date.now();
    for (const [n, op] of all.entries()) {
      const opStarted = Date.now();
      const requests = fuzzRequests(op, API_PREFIX, pool, Math.ceil(perUnit * weightOf(op)), SEED + n);
      // A few at a time: what one request waits for (argon2's threads, the disk), another uses the CPU for.
      for (let i = 0; i < requests.length; i += CONCURRENCY) {
        await Promise.all(
          requests.slice(i, i + CONCURRENCY).map(async (req) => {
            // Logging out would end the fuzzing session: that operation gets bad tokens only.
            if (op.operationId === 'logout' && req.headers.authorization === `Bearer ${pool.token}`)
              req.headers.authorization = 'Bearer x.y.z';
            const res = await t.app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.payload });
            sent += 1;
            if (res.statusCode >= 500)
              failures.push(
                `${op.operationId} ${req.method} ${req.url.slice(0, 160)} [${req.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
          }),
        );
      }
      slowest.push([op.operationId, Date.now() - opStarted]);
    }
    if (process.env.FUZZ_PROFILE) console.info(JSON.stringify(slowest.sort((a, b) => b[1] - a[1]).slice(0, 10)));
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `[fuzz] ${sent} requests over ${all.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}): ${failures.length} answered 5xx`,
    );

    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect((await as(t.app, me)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
  });
});
