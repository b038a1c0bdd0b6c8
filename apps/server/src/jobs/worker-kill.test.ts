/**
 * A worker process killed (SIGKILL) in the middle of a job: the job is neither lost nor done twice. The
 * job is a real post's fan-out, slowed between its batches so the kill lands mid-job; another worker
 * takes it up once the dead one's hold runs out, and every friend's timeline ends with the post once.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dialects } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { useSameDatabase } from '../../test/same-database';
import { startWorkerProcess } from '../../test/worker-process';
import { manyFriends } from '../modules/people/testing';
import { createPost } from '../modules/posts/testing';

const redisMissing = await redisProblem();
const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:kill:`;
/** The first batch goes with the post; the job writes six more of 250, pausing between them. */
const FRIENDS = 7 * 250 - 20;
/** Quick polls, and a hold that runs out a second after its worker died. */
const QUICK = { OUTBOX_POLL_MS: '50', OUTBOX_LEASE_MS: '1000' };

const setups = [
  ...dialects().map((dialect) => ({ label: `the database queue on ${dialect}`, dialect, env: {} })),
  ...(redisMissing
    ? []
    : [{ label: 'BullMQ on Redis', dialect: dialects().at(-1)!, env: { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix } }]),
];

afterAll(async () => {
  if (!redisMissing) await dropRedisPrefix(prefix);
});

describe.each(setups)('a worker killed mid-job with $label', ({ dialect, env }) => {
  const shared = useSameDatabase(dialect);

  it('loses nothing and doubles nothing: another worker finishes the job, each timeline gets the post once', async () => {
    const web = await shared.start({ ...env, ...QUICK, PLAZA_ROLE: 'web' });
    const author = await createUser(web);
    const friends = await manyFriends(web, author, FRIENDS);
    const everyone = [author.user._id, ...friends];
    const worker = await startWorkerProcess({ ...shared.env, ...env, ...QUICK }, { fanOutPauseMs: 200 });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const holding = async () =>
      Number(
        (
          await web.ctx.db
            .selectFrom('feed_items')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('post_id', '=', postId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let postId = '';
    try {
      postId = await createPost(web, author, 'to all my friends');
      // Killed once the job has written a batch or two of its own, with more to go.
      await vi
        .waitFor(async () => expect(await holding()).toBeGreaterThan(2 * 250), { timeout: 30_000, interval: 10 })
        .catch(async (err: unknown) => {
          const state = { rows: await holding(), outbox: await web.ctx.outbox.backlog(), jobs: await web.ctx.jobs.stats() };
          throw new Error(`the job did not get under way: ${JSON.stringify(state)}`, { cause: err });
        });
    } finally {
      worker.kill('SIGKILL');
    }
    await exited;
    const atKill = await holding();
    expect(atKill).toBeLessThan(everyone.length);
    // Nobody works the queue now: the job waits, half done.
    await new Promise((r) => setTimeout(r, 300));
    expect(await holding()).toBe(atKill);
    expect((await web.ctx.jobs.stats()).find((s) => s.queue === 'fanout')).toMatchObject({ failed: 0 });

    const next = await shared.start({ ...env, ...QUICK, PLAZA_ROLE: 'worker' });
    await vi.waitFor(async () => expect(await holding()).toBe(everyone.length), { timeout: 30_000, interval: 50 });
    await vi.waitFor(
      async () =>
        expect((await next.ctx.jobs.stats()).find((s) => s.queue === 'fanout')).toMatchObject({ waiting: 0, active: 0, failed: 0 }),
      { timeout: 10_000, interval: 50 },
    );
    const perOwner = await web.ctx.db
      .selectFrom('feed_items')
      .select((eb) => ['owner_id', eb.fn.countAll<number>().as('n')])
      .where('post_id', '=', postId)
      .groupBy('owner_id')
      .execute();
    expect(perOwner.length).toBe(everyone.length);
    expect(perOwner.filter((r) => Number(r.n) !== 1)).toEqual([]);
    // Each timeline's size counts the post once: the batches done before the kill added nothing again.
    const sizes = await web.ctx.db.selectFrom('feed_sizes').select(['owner_id', 'size']).where('owner_id', 'in', everyone).execute();
    expect(sizes.length).toBe(everyone.length);
    expect(sizes.filter((s) => Number(s.size) !== 1)).toEqual([]);
  }, 120_000);
});
