/**
 * How long a post to many timelines holds the server's event loop: an author with FRIENDS friends
 * (default 5,000) publishes ROUNDS posts through the API, and the longest event-loop stall is read
 * from the publish to the last timeline written (post-fan-out.ts: batches of 250 timelines, the loop
 * free between them). For comparison, the same rows written as the publish wrote them before: two
 * statements (timelines, then sizes) in one transaction. The app runs in this process, so its event
 * loop is the one measured; nothing else loads it. The WAL's checkpoints are the checkpointer thread's
 * from the server's start (docs/decisions/chat-writer-thread.md), so a stall here is the fan-out's own.
 *
 *   npx tsx bench/feed/fan-out.ts [--friends=5000] [--rounds=5] [--database=sqlite|postgres]
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, loadConfig, newId, friendIdsQuery, fanOutFrom } from '../../apps/server/src/for-benchmarks';
import { prepareUsers } from '../chat/prepare';
import { option } from '../lib/load-tools';
import { median } from '../lib/median';

const FRIENDS = option('friends', 5000);
const ROUNDS = option('rounds', 5);
const DATABASE = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1] ?? process.env.DATABASE ?? 'sqlite';
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

interface Stalls {
  /** The longest gap between 1 ms timer ticks, ms: what a chat message waiting behind the work would wait. */
  maxMs: number;
  /** The gaps over 2 ms (a 1 ms timer's own lateness is under that): their mean, ms. */
  meanStallMs: number;
  /**
   * The most CPU time the process used within one such gap, ms: the same stall without the time the
   * process spent waiting for a core (on a busy machine the gaps also hold the other processes' turns).
   */
  maxCpuMs: number;
  tookMs: number;
}

async function stalls(work: () => Promise<void>): Promise<Stalls> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let maxMs = 0;
  let maxCpuMs = 0;
  const gaps: number[] = [];
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    maxMs = Math.max(maxMs, now - last);
    if (now - last > 2) gaps.push(now - last);
    maxCpuMs = Math.max(maxCpuMs, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  }, 1);
  const started = performance.now();
  await work();
  const tookMs = performance.now() - started;
  // One more tick, so a stall at the very end is counted.
  await new Promise((r) => setTimeout(r, 2));
  clearInterval(ticker);
  return { maxMs, maxCpuMs, tookMs, meanStallMs: gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-fanout-'));
  const pgName = `plaza_bench_fanout_${process.pid}`;
  const admin = DATABASE === 'postgres' ? new pg.Client({ connectionString: `${PG_URL}/postgres` }) : null;
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      JWT_SECRET: SECRET,
      UNVERIFIED_POSTS_PER_DAY: '1000000',
    };
    if (admin) {
      await admin.connect();
      await admin.query(`create database ${pgName}`);
      env.DATABASE_URL = `${PG_URL}/${pgName}`;
    }
    const config = loadConfig(env);
    const users = await prepareUsers(config.database, FRIENDS, SECRET, FRIENDS);
    const author = users[FRIENDS];
    const app = await buildApp(config, { logger: false });
    await app.ready();
    const db = app.ctx.db;
    const drained = async () => {
      while ((await app.ctx.outbox.backlog()).pending > 0) await new Promise((r) => setTimeout(r, 1));
      await app.ctx.events.settled();
    };
    const publish = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/posts',
        headers: { authorization: `Bearer ${author.token}`, 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\ncontent-disposition: form-data; name="content"\r\n\r\nto everyone\r\n--b--\r\n',
      });
      if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
      await drained();
    };
    /** The publish's timeline writes as they were: every friend in one statement, the sizes in another. */
    const oneStatement = () =>
      db.transaction().execute(async (trx) => {
        const postId = newId();
        await trx
          .insertInto('feed_items')
          .columns(['owner_id', 'post_id'])
          .expression(
            trx
              .selectFrom(friendIdsQuery(trx, author.userId).as('f'))
              .select(['f.friend_id', sql<string>`cast(${postId} as text)`.as('post_id')]),
          )
          .execute();
        await trx
          .insertInto('feed_sizes')
          .columns(['owner_id', 'size'])
          .expression(
            trx
              .selectFrom(friendIdsQuery(trx, author.userId).as('f'))
              .select(['f.friend_id', sql<number>`1`.as('size')])
              .where(sql<boolean>`true`),
          )
          .onConflict((oc) => oc.column('owner_id').doUpdateSet({ size: sql<number>`feed_sizes.size + 1` }))
          .execute();
      });

    /** The same rows as the batches after a publish's first one write them (post-fan-out.ts), for a post id of its own. */
    const batches = async () => {
      const postId = newId();
      await db
        .insertInto('posts')
        .values({ id: postId, author_id: author.userId, content: 'batched', created_at: new Date().toISOString(), media: '[]' })
        .execute();
      await fanOutFrom(db, app.ctx.dialect, { postId, authorId: author.userId, after: '' });
    };

    // Warm-up: statements prepared, pages cached.
    await publish();
    await oneStatement();
    await batches();
    const rows: Record<string, Stalls[]> = { single: [], batches: [], publish: [] };
    for (let r = 0; r < ROUNDS; r++) {
      rows.single.push(await stalls(oneStatement));
      rows.batches.push(await stalls(batches));
      rows.publish.push(await stalls(publish));
    }
    await app.close();
    const row = (label: string, xs: Stalls[]) =>
      console.log(
        `| ${label} | ${median(xs.map((x) => x.meanStallMs)).toFixed(1)} | ${median(xs.map((x) => x.maxMs)).toFixed(1)} | ${Math.max(...xs.map((x) => x.maxMs)).toFixed(1)} | ${median(xs.map((x) => x.maxCpuMs)).toFixed(1)} | ${Math.max(...xs.map((x) => x.maxCpuMs)).toFixed(1)} | ${median(xs.map((x) => x.tookMs)).toFixed(1)} |`,
      );
    console.log(
      `\n${DATABASE}: a post to ${FRIENDS.toLocaleString('en')} timelines, ${ROUNDS} rounds; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    console.log(
      '| Fan-out | Mean stall over 2 ms, median (ms) | Longest event-loop stall, median (ms) | max (ms) | CPU in the longest stall, median (ms) | max (ms) | Until every timeline has it, median (ms) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    row('every timeline in one statement, as the publish wrote them before', rows.single);
    row('every timeline in batches of 250, the event loop free between them (now)', rows.batches);
    row('the publish through the API: the post, its first batch, the rest in batches (now)', rows.publish);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => {});
      await admin.end();
    }
  }
}

await main();
