import { pino } from 'pino';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dialects, useTestApp, type TestApp } from '../../test/harness';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import type { OutgoingMail } from '../mail';
import { bullmqQueue } from './bullmq-queue';
import { databaseQueue } from './database-queue';
import type { AnyJobs } from './index';
import type { JobInfo, QueueName, QueueSettings } from './jobs';

const silent = pino({ level: 'silent' });
/** Quick retries, three attempts. */
const QUICK: Record<QueueName, QueueSettings> = {
  fanout: { concurrency: 2, attempts: 3, backoffMs: 50 },
  mail: { concurrency: 2, attempts: 3, backoffMs: 50 },
  federation: { concurrency: 2, attempts: 3, backoffMs: 50 },
  push: { concurrency: 2, attempts: 3, backoffMs: 50 },
  pushDelivery: { concurrency: 2, attempts: 3, backoffMs: 50 },
  video: { concurrency: 1, attempts: 3, backoffMs: 50 },
  storyVideo: { concurrency: 1, attempts: 3, backoffMs: 50 },
};
const mail = (n: number): OutgoingMail => ({ to: `p${n}@example.test`, subject: `Hello ${n}`, text: `secret link ${n}`, html: '' });

const redisMissing = await redisProblem();

interface Engine {
  label: string;
  dialect: 'sqlite' | 'postgres';
  make(t: TestApp, id: string): AnyJobs;
}

let made = 0;
const engines: Engine[] = [
  ...dialects().map((dialect) => ({
    label: `the database queue on ${dialect}`,
    dialect,
    // The app's own queue works `fanout` only (no SMTP, so no mail worker): `mail` jobs here are this engine's alone.
    make: (t: TestApp) =>
      databaseQueue({ db: t.app.ctx.db, dialect, log: silent }, { pollMs: 20, leaseMs: 500, works: true, queues: QUICK }),
  })),
  ...(redisMissing
    ? []
    : [
        {
          label: 'BullMQ on Redis',
          dialect: dialects().includes('postgres') ? ('postgres' as const) : ('sqlite' as const),
          make: (_t: TestApp, id: string) =>
            bullmqQueue(silent, {
              url: REDIS_TEST_URL,
              keyPrefix: `plaza-test:${process.pid}:${id}:`,
              leaseMs: 1000,
              commandMs: 2000,
              works: true,
              queues: QUICK,
            }),
        },
      ]),
];

describe.each(engines)('$label', (engine) => {
  const t = useTestApp(engine.dialect);
  const prefixes: string[] = [];
  /** An engine stopped when its test ends, so it never takes the next test's jobs. */
  const make = () => {
    const id = `${Date.now().toString(36)}${(made += 1)}`;
    prefixes.push(`plaza-test:${process.pid}:${id}:`);
    const jobs = engine.make(t, id);
    onTestFinished(() => jobs.stop());
    return jobs;
  };
  afterAll(async () => {
    if (!redisMissing) for (const p of prefixes) await dropRedisPrefix(p);
  });

  it('runs a job once, and the same work asked for twice while it waits is one job', async () => {
    const jobs = make();
    const seen: Array<[string, JobInfo]> = [];
    jobs.registerWorker('mail', async (m, job) => void seen.push([m.to, job]));
    await jobs.enqueue('mail', mail(1), { jobId: 'mail:one' });
    await jobs.enqueue('mail', mail(1), { jobId: 'mail:one' });
    await jobs.enqueue('mail', mail(2), { jobId: 'mail:two' });
    jobs.start();
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5000, interval: 20 });
    await jobs.drained();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.map(([to]) => to).sort()).toEqual(['p1@example.test', 'p2@example.test']);
    expect(seen.every(([, job]) => job.attempt === 1)).toBe(true);
    const stats = (await jobs.stats()).find((s) => s.queue === 'mail');
    expect(stats).toMatchObject({ waiting: 0, active: 0, failed: 0, lagSeconds: 0 });
  });

  it('retries a failing job with growing back-off until it succeeds', async () => {
    const jobs = make();
    const attempts: Array<{ attempt: number; at: number }> = [];
    jobs.registerWorker('mail', async (_m, job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error(`refused ${job.attempt}`);
    });
    jobs.start();
    await jobs.enqueue('mail', mail(3), { jobId: 'mail:flaky' });
    await vi.waitFor(() => expect(attempts).toHaveLength(3), { timeout: 10_000, interval: 20 });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // 50 ms, then 100 ms.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(45);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(95);
    expect(jobs.failures.mail).toBe(2);
    await vi.waitFor(async () => expect((await jobs.stats()).find((s) => s.queue === 'mail')).toMatchObject({ waiting: 0, failed: 0 }), {
      timeout: 5000,
      interval: 20,
    });
    expect((await jobs.deadLetters('mail', 10)).length).toBe(0);
  });

  it('keeps a job that failed its last attempt in the dead-letter list, with its error and without its data', async () => {
    const jobs = make();
    let runs = 0;
    jobs.registerWorker('mail', async () => {
      runs += 1;
      throw new Error('mailbox full');
    });
    jobs.start();
    await jobs.enqueue('mail', mail(4), { jobId: 'mail:doomed' });
    await vi.waitFor(async () => expect((await jobs.stats()).find((s) => s.queue === 'mail')?.failed).toBe(1), {
      timeout: 10_000,
      interval: 25,
    });
    expect(runs).toBe(3);
    const [dead, ...others] = await jobs.deadLetters('mail', 10);
    expect(others).toEqual([]);
    expect(dead).toMatchObject({ queue: 'mail', attempts: 3, error: 'mailbox full', fields: ['to', 'subject', 'text', 'html'] });
    expect(dead.id).toMatch(/^mail[:.]doomed$/);
    expect(JSON.stringify(dead)).not.toContain('secret link');
    // Asked for again, the same work is not run again while it is kept.
    await jobs.enqueue('mail', mail(4), { jobId: 'mail:doomed' });
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(3);
  });

  it('leaves jobs waiting on a process that does not work the queues, for one that does', async () => {
    const web = make();
    let ran = 0;
    web.registerWorker('mail', async () => void (ran += 1));
    // Not started: what PLAZA_ROLE=web does.
    await web.enqueue('mail', mail(5), { jobId: 'mail:later' });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toBe(0);
    expect((await web.stats()).find((s) => s.queue === 'mail')?.waiting).toBe(1);
    await vi.waitFor(async () => expect((await web.stats()).find((s) => s.queue === 'mail')?.lagSeconds).toBeGreaterThan(0.2), {
      timeout: 3000,
      interval: 50,
    });
    web.start();
    await vi.waitFor(() => expect(ran).toBe(1), { timeout: 5000, interval: 20 });
  });
});
