/**
 * The cluster test (`npm run test:cluster`, run by .ci/run): three server processes behind nginx on one
 * PostgreSQL and one Redis, each behind a proxy the test controls. Cross-node delivery with its figures,
 * a rolling restart and a kill -9 under ~100 chat messages a second, PostgreSQL and Redis cut for 10 s,
 * and stalls of both. Prints the counts of every scenario and exits 1 when any expectation fails, or
 * when the whole run takes longer than CLUSTER_TIMEOUT seconds (default 480); everything it started and
 * the database it made go either way.
 */
import { befriend, connect, signUp, type ChatUser } from './chat-clients';
import { startCluster, type Cluster } from './cluster';
import { crossNodeDelivery } from './delivery';
import { killNode, rollingRestart } from './disruptions';
import { closeAgents } from './http';
import { postgresCut, redisBlip, redisCut, stalls } from './outages';
import { workerKill } from './worker-kill';
import { failed, seconds } from './report';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAIRS = Number(process.env.CLUSTER_PAIRS ?? 15);
const SHARED_FROM = Math.ceil((PAIRS * 2 * 2) / 3);
const SHARED_ADDRESS = '127.0.0.200';
const TIMEOUT_MS = Number(process.env.CLUSTER_TIMEOUT ?? 480) * 1000;

const t0 = Date.now();
let cluster: Cluster | null = null;
let phase = 'starting the cluster';
let ending = false;

/** Tears everything down once, prints the verdict and exits. */
async function end(verdict: string | null): Promise<never> {
  if (ending) return new Promise<never>(() => {});
  ending = true;
  await cluster?.teardown();
  const failures = failed();
  const why = verdict ?? (failures.length ? `FAILED (${failures.length}): ${failures.join('; ')}` : 'passed');
  console.log(`\ncluster test ${why} in ${seconds(Date.now() - t0)}`);
  process.exit(verdict || failures.length ? 1 : 0);
}

async function users(c: Cluster): Promise<ChatUser[]> {
  const tag = process.pid.toString(36);
  const all = await Promise.all(Array.from({ length: PAIRS * 2 }, (_, i) => signUp(c.url, `${tag}_${i}`)));
  // Two in three people on an address of their own, the rest behind one shared address (a NAT, an office proxy).
  all.forEach((u, i) => {
    u.address = i < SHARED_FROM ? `127.0.0.${11 + i}` : SHARED_ADDRESS;
  });
  await Promise.all(
    Array.from({ length: PAIRS }, (_, i) => {
      const [a, b] = [all[2 * i], all[2 * i + 1]];
      a.partner = b;
      b.partner = a;
      return befriend(c.url, a, b);
    }),
  );
  await Promise.all(all.map((u) => connect(c.url, u)));
  return all;
}

async function main() {
  console.log('cluster test: 3 nodes behind nginx, PostgreSQL and Redis through proxies');
  cluster = await startCluster({ pgAdminUrl: PG_ADMIN_URL, redisUrl: REDIS_URL });
  console.log(`  cluster ready (${seconds(Date.now() - t0)})`);
  phase = 'signing up';
  const people = await users(cluster);
  console.log(
    `  ${people.length} users in ${PAIRS} conversations connected through nginx, ${SHARED_FROM} from addresses of their own, ` +
      `${people.length - SHARED_FROM} from ${SHARED_ADDRESS} (${seconds(Date.now() - t0)})`,
  );

  const scenarios: Array<[string, () => Promise<void>]> = [
    ['1. cross-node delivery (people on nodes 1 and 2, requests through node 3)', () => crossNodeDelivery(cluster!, people[8], people[9])],
    ['2. rolling restart of all three nodes, one by one, under load', () => rollingRestart(cluster!, people)],
    ['3. kill -9 of a node under load', () => killNode(cluster!, people)],
    ['4. PostgreSQL cut for 10 s', () => postgresCut(cluster!, people)],
    ['5. Redis cut for 10 s', () => redisCut(cluster!, people)],
    ['6. Redis blip: away for 6 s under load', () => redisBlip(cluster!, people)],
    ['7. stalls: the proxies stop forwarding without closing anything', () => stalls(cluster!, people)],
    ['8. kill -9 of the job worker in the middle of a fan-out', () => workerKill(cluster!, people)],
  ];
  for (const [name, run] of scenarios) {
    phase = name;
    console.log(`\n${name}  (${seconds(Date.now() - t0)})`);
    await run();
  }
  const logged = cluster.nodes.flatMap((n) => n.errors);
  console.log(`\n  error lines logged by the nodes: ${logged.length}${logged.length ? `, first: ${logged[0]}` : ''}`);
  for (const u of people) u.socket?.close();
  closeAgents();
}

// Stopped from outside (a CI timeout, Ctrl-C): the nodes, nginx, the proxies, the database and the keys go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end(`stopped by ${signal} during ${phase}`));
// Kept referenced: should everything else stall with nothing left to wait on, this still ends the run with a verdict.
setTimeout(() => void end(`TIMED OUT after ${seconds(TIMEOUT_MS)} during ${phase}`), TIMEOUT_MS);

main().then(
  () => end(null),
  (err: unknown) => end(`could not go on (${phase}): ${err instanceof Error ? err.message : String(err)}`),
);
