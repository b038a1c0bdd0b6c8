/**
 * What V8's promise hooks cost a chat message, in one process: the real app (its routes, checks, chat
 * service and SQLite writer thread) answers `POST /chats/send` through `app.inject`, in rounds that
 * alternate between the hooks off and on. An `AsyncLocalStorage` in use is what turns them on in Node
 * 20 (the server's request context did, until it went: docs/decisions/request-ids.md); `disable()` turns
 * them off again, so both modes run in the same process on the same data, and a machine whose speed
 * wanders moves both alike.
 *
 *   npx tsx bench/chat/promise-hooks.ts [--rounds=8] [--messages=3000]
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '../../apps/server/src/for-benchmarks';
import { option } from '../lib/load-tools';
import { median } from '../lib/median';
import { prepareUsers } from './prepare';

const ROUNDS = option('rounds', 8);
const MESSAGES = option('messages', 3000);
/** Sends in flight at once, so the writer's commit window batches them as it does under load. */
const IN_FLIGHT = 16;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** This thread's CPU time in µs (the main thread's: the process's id is its thread id). */
const mainThreadUs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
const processUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-hooks-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      JWT_SECRET: SECRET,
    });
    // Each sender sends once or twice a round: the flood limit (10 in 2 s a person) is never scaled.
    const people = 2 * MESSAGES;
    const users = await prepareUsers(config.database, people, SECRET);
    const app = await buildApp(config, { logger: false });
    await app.ready();

    let sent = 0;
    const sendOne = async (i: number) => {
      const from = users[2 * i];
      const to = users[2 * i + 1];
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/chats/send',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          messageSenderUsername: from.userName,
          messageReceiverUsername: to.userName,
          messageContent: `Message ${sent} — see you at eight?`,
          clientMessageId: `c-${process.pid}-${sent}`,
        }),
      });
      sent++;
      if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body}`);
    };
    const sendMany = async (n: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < n) await sendOne(next++);
        }),
      );
    };

    const context = new AsyncLocalStorage<object>();
    const setHooks = (on: boolean) => (on ? context.run({}, () => undefined) : context.disable());

    await sendMany(MESSAGES); // every pair's conversation recorded, statements prepared, kept lookups filled
    const results: Record<'off' | 'on', Array<{ process: number; main: number }>> = { off: [], on: [] };
    for (let r = 0; r < ROUNDS; r++) {
      // Which mode goes first alternates, so neither always follows the other's garbage.
      for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        setHooks(mode === 'on');
        await sendMany(200);
        const [p0, m0] = [processUs(), mainThreadUs()];
        await sendMany(MESSAGES);
        results[mode].push({ process: (processUs() - p0) / MESSAGES, main: (mainThreadUs() - m0) / MESSAGES });
      }
    }
    setHooks(false);
    await app.close();

    console.log(
      `${ROUNDS} rounds of ${MESSAGES.toLocaleString('en')} sends each way, ${IN_FLIGHT} in flight, load average ${loadavg()[0].toFixed(2)}:`,
    );
    console.log('| promise hooks | process CPU µs a message (median) | main thread | rounds, process |');
    console.log('|---|---:|---:|---|');
    for (const mode of ['off', 'on'] as const) {
      const rows = results[mode];
      const each = rows.map((x) => x.process.toFixed(0)).join(' · ');
      console.log(
        `| ${mode} | ${median(rows.map((x) => x.process)).toFixed(0)} | ${median(rows.map((x) => x.main)).toFixed(0)} | ${each} |`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
