/**
 * How many PostgreSQL connections one process holds: never more than DATABASE_POOL_SIZE, counted by the
 * server itself (`pg_stat_activity`, by the `plaza` application name), whatever the load, and exactly
 * what `plaza_db_pool_connections` reports. A pool of one once opened two.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { befriend, createPost } from '../modules/posts/testing';
import { PLAZA_APPLICATION_NAME } from './index';

const gauge = (text: string, state: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`plaza_db_pool_connections{state="${state}"} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe.skipIf(!dialects().includes('postgres'))('PostgreSQL connections of one process', () => {
  describe.each([1, 4])('with DATABASE_POOL_SIZE=%i', (size) => {
    const t = useTestApp('postgres', { DATABASE_POOL_SIZE: String(size) });

    it('opens at most the pool size under load, and reports what it opened', async () => {
      if (t.config.database.kind !== 'postgres') throw new Error('a PostgreSQL app was expected');
      const observer = new pg.Client({ connectionString: t.config.database.url });
      await observer.connect();
      const open = async () =>
        (
          await observer.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
            [PLAZA_APPLICATION_NAME],
          )
        ).rows[0].n;
      try {
        const [a, b] = [await createUser(t.app), await createUser(t.app)];
        await befriend(t.app, a, b);
        await createPost(t.app, b, 'for the feed');

        let most = 0;
        let watching = true;
        const watch = (async () => {
          while (watching) most = Math.max(most, await open());
        })();
        // Feed reads (some on the connections that keep their plans), posts, chat and readiness at once.
        await Promise.all(
          Array.from({ length: 40 }, (_, i) => {
            if (i % 4 === 0) return as(t.app, a)({ method: 'GET', url: `/posts/${a.user.userName}/feeds` });
            if (i % 4 === 1) return createPost(t.app, a, `post ${i}`);
            if (i % 4 === 2) return sendChatMessage(t.app, a, b, `message ${i}`);
            return t.app.inject({ method: 'GET', url: '/readyz' });
          }),
        );
        watching = false;
        await watch;

        expect(most).toBeGreaterThan(0);
        expect(most).toBeLessThanOrEqual(size);
        const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(gauge(await metrics(), 'max')).toBe(size);
        expect(gauge(await metrics(), 'total')).toBe(await open());
        // The work the requests started after answering (events, jobs, pollers) may hold a connection a moment.
        await t.app.ctx.events.settled();
        await expect.poll(async () => gauge(await metrics(), 'in_use')).toBe(0);
      } finally {
        await observer.end();
      }
    });
  });
});
