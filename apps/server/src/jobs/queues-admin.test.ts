import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dialects, useTestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';

const redisMissing = await redisProblem();
const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:board:`;

const setups = [
  ...dialects().map((dialect) => ({ label: `the database queue on ${dialect}`, dialect, env: {} })),
  ...(redisMissing
    ? []
    : [
        {
          label: 'BullMQ on Redis',
          dialect: dialects().at(-1)!,
          env: { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix } as Record<string, string>,
        },
      ]),
];

afterAll(async () => {
  if (!redisMissing) await dropRedisPrefix(prefix);
});

/** A person with `role` (a server without mail makes its first account the admin). */
async function withRole(app: FastifyInstance, role: 'admin' | 'member'): Promise<TestUser> {
  const person = await createUser(app);
  await app.ctx.db.updateTable('users').set({ role }).where('id', '=', person.user._id).execute();
  return person;
}

const bearer = (who: TestUser) => ({ authorization: `Bearer ${who.accessToken}` });

describe.each(setups)('the queues with $label', ({ dialect, env }) => {
  const t = useTestApp(dialect, env);

  it('are in /metrics one series per queue: depth, running, dead letters, lag and failures', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const queue of ['fanout', 'mail', 'federation']) {
      for (const metric of [
        'plaza_queue_depth',
        'plaza_queue_active',
        'plaza_queue_dead_letters',
        'plaza_queue_lag_seconds',
        'plaza_queue_failures_total',
      ])
        expect(text).toMatch(new RegExp(`^${metric}\\{queue="${queue}"\\} 0$`, 'm'));
    }
  });

  it('are shown to admins only at /admin/queues', async () => {
    const member = await withRole(t.app, 'member');
    const boss = await withRole(t.app, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues', headers: { authorization: 'Bearer not.a.token' } })).statusCode).toBe(
      401,
    );
    const refused = await t.app.inject({ method: 'GET', url: '/admin/queues', headers: bearer(member) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'Forbidden' });
    expect((await t.app.inject({ method: 'POST', url: '/admin/queues/session', headers: bearer(member) })).statusCode).toBe(403);

    const page = await t.app.inject({ method: 'GET', url: '/admin/queues', headers: bearer(boss) });
    expect(page.statusCode).toBe(200);
    if (t.app.ctx.jobs.engine === 'database') {
      const body = page.json<{ engine: string; queues: Array<{ queue: string }>; deadLetters: Record<string, unknown[]> }>();
      expect(body.engine).toBe('database');
      expect(body.queues.map((q) => q.queue)).toEqual(['fanout', 'mail', 'federation', 'push', 'pushDelivery', 'video', 'storyVideo']);
      expect(body.deadLetters).toEqual({ fanout: [], mail: [], federation: [], push: [], pushDelivery: [], video: [], storyVideo: [] });
    } else {
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const api = await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: bearer(boss) });
      expect(api.statusCode).toBe(200);
      expect(api.body).toContain('"fanout"');
      expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: bearer(member) })).statusCode).toBe(403);
      // Waiting (no SMTP here, so nobody works the mail queue): the board shows whom and what, never the link.
      const mail = {
        to: 'ada@example.test',
        subject: 'Reset your password',
        text: 'open https://x.test/reset?token=SECRET',
        html: 'SECRET',
      };
      await t.app.ctx.jobs.enqueue('mail', mail, { jobId: 'mail:board-test' });
      const waiting = await t.app.inject({
        method: 'GET',
        url: '/admin/queues/api/queues?activeQueue=mail&status=waiting&page=1&jobsPerPage=10',
        headers: bearer(boss),
      });
      expect(waiting.body).toContain('Reset your password');
      expect(waiting.body).not.toContain('SECRET');
    }
  });

  it('open in a browser through a cookie set from the admin token, for that path and the token lifetime only', async () => {
    const boss = await withRole(t.app, 'admin');
    const session = await t.app.inject({ method: 'POST', url: '/admin/queues/session', headers: bearer(boss) });
    expect(session.statusCode).toBe(200);
    const cookie = String(session.headers['set-cookie']);
    expect(cookie).toMatch(/^plaza_queues=[^;]+; Path=\/admin\/queues; Max-Age=(\d+); HttpOnly; SameSite=Strict$/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(t.config.accessTokenTtlSeconds);
    const page = await t.app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie: cookie.split(';')[0] } });
    expect(page.statusCode).toBe(200);
    // Not an API credential: the cookie opens nothing under /api/v1.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie: cookie.split(';')[0] } })).statusCode).toBe(
      401,
    );
  });
});

describe.each(dialects())('a worker process on %s', (dialect) => {
  const t = useTestApp(dialect, { PLAZA_ROLE: 'worker' });

  it('serves the operator endpoints but not the API or the web app', async () => {
    expect(t.config.role).toBe('worker');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('plaza_queue_depth');
    expect((await as(t.app, null)({ method: 'POST', url: '/auth/signup', payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });
});
