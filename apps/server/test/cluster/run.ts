/**
 * The cluster test (`npm run test:cluster`, run by .ci/run): three server processes behind nginx on one
 * PostgreSQL and one Redis, put through a rolling restart and a kill -9 under ~100 chat messages a second,
 * a PostgreSQL cut, a Redis cut, and stalls of both. Prints the counts of every scenario and exits 1 when
 * any expectation fails.
 */
import {
  api,
  befriend,
  chatLoad,
  connect,
  deliveryCounts,
  sendLikeTheApp,
  signUp,
  sleep,
  type ChatUser,
  type SendStats,
} from './chat-clients';
import { startCluster, type Cluster } from './cluster';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** 30 users sending every 300 ms: 100 messages a second. */
const PAIRS = Number(process.env.CLUSTER_PAIRS ?? 15);
const SEND_EVERY_MS = 300;
const RECONNECT_LIMIT_MS = 10_000;
const PRESENCE_LIMIT_MS = 10_000;

const failures: string[] = [];
function expect(what: string, ok: boolean, detail = ''): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

function statusLine(stats: SendStats): string {
  return [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s || 'network'}: ${n}`)
    .join(', ');
}

/** Chat under load while `disturb` runs; then the delivery counts and every client's reconnection. */
async function underLoad(cluster: Cluster, users: ChatUser[], name: string, disturb: () => Promise<void>) {
  for (const u of users) u.outages.length = 0;
  const load = chatLoad(cluster.url, users, SEND_EVERY_MS);
  const started = Date.now();
  await sleep(2000);
  await disturb();
  await sleep(3000);
  const stats = await load.stop();
  const elapsed = Date.now() - started;
  // Every client connected again, and the pushes still on their way have arrived.
  const until = Date.now() + RECONNECT_LIMIT_MS;
  while (users.some((u) => !u.socket?.connected) && Date.now() < until) await sleep(100);
  await sleep(1500);
  const counts = deliveryCounts(users, stats);
  const outages = users.flatMap((u) => u.outages);
  const stillDown = users.filter((u) => !u.socket?.connected).length;
  const worst = Math.max(0, ...outages);
  console.log(
    `  ${name}: ${stats.attempted} sent in ${seconds(elapsed)} (${Math.round(stats.attempted / (elapsed / 1000))} msg/s), ` +
      `${counts.acknowledged} stored, ${stats.failed} given up, ${counts.lost} lost, ${counts.doubled} doubled, ` +
      `${counts.repeatedPushes} repeated pushes dropped by id; answers ${statusLine(stats)}`,
  );
  console.log(
    `  ${name}: ${outages.length} disconnects, ${users.length - stillDown}/${users.length} clients connected, slowest reconnect ${seconds(worst)}`,
  );
  expect(`${name}: every acknowledged message reached its receiver`, counts.lost === 0, `${counts.lost} lost`);
  expect(`${name}: no message doubled`, counts.doubled === 0, `${counts.doubled} doubled`);
  expect(`${name}: no send given up`, stats.failed === 0, `${stats.failed} given up`);
  expect(`${name}: every client reconnected within 10 s`, stillDown === 0 && worst <= RECONNECT_LIMIT_MS, `slowest ${seconds(worst)}`);
}

/** Requests through the balancer while a dependency is away: status and duration of each. */
async function probe(cluster: Cluster, user: ChatUser, ms: number) {
  const results: Array<{ status: number; ms: number }> = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Chat history: one query after the (cached) session check, so every answer needs the database.
    const path = `/chats/${user.id}/${user.partner!.id}?limit=5`;
    const r = await timed(() => api(cluster.url, 'GET', path, user.token, undefined, 20_000).catch(() => ({ status: 0, json: null })));
    results.push({ status: r.value.status, ms: r.ms });
    await sleep(250);
  }
  return results;
}

interface ReadyAnswer {
  status: number;
  body: { checks?: Record<string, string> };
}

async function readiness(cluster: Cluster) {
  return Promise.all(
    cluster.nodes.map((n) =>
      timed(() =>
        fetch(`${n.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
          async (r): Promise<ReadyAnswer> => ({ status: r.status, body: (await r.json()) as ReadyAnswer['body'] }),
          (): ReadyAnswer => ({ status: 0, body: {} }),
        ),
      ),
    ),
  );
}

function allAlive(cluster: Cluster): boolean {
  return cluster.nodes.every((n) => cluster.alive(n));
}

async function main() {
  const t0 = Date.now();
  console.log('cluster test: 3 nodes behind nginx, PostgreSQL and Redis through proxies');
  const cluster = await startCluster({ pgAdminUrl: PG_ADMIN_URL, redisUrl: REDIS_URL });
  // Stopped from outside (a CI timeout, Ctrl-C): the nodes, nginx, the database and the keys go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.log(`\ncluster test stopped by ${signal}`);
      void cluster.teardown().finally(() => process.exit(1));
    });
  try {
    const users: ChatUser[] = [];
    users.push(
      ...(await Promise.all(Array.from({ length: PAIRS * 2 }, (_, i) => signUp(cluster.url, `${process.pid.toString(36)}_${i}`)))),
    );
    await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => {
        const [a, b] = [users[2 * i], users[2 * i + 1]];
        a.partner = b;
        b.partner = a;
        return befriend(cluster.url, a, b);
      }),
    );
    await Promise.all(users.map((u) => connect(cluster.url, u)));
    console.log(`  ${users.length} users in ${PAIRS} conversations connected through nginx (${seconds(Date.now() - t0)})`);

    console.log('\n1. rolling restart of all three nodes, one by one, under load');
    await underLoad(cluster, users, 'rolling restart', async () => {
      for (const node of cluster.nodes) {
        const { value: code, ms } = await timed(() => cluster.stop(node));
        expect(`node ${node.index + 1} stopped with exit code 0`, code === 0, `code ${code}, ${seconds(ms)}`);
        await cluster.start(node);
        await sleep(1000);
      }
    });

    console.log('\n2. kill -9 of a node under load');
    // A user whose only socket is on node 2 and who does not come back: their friend must see them go.
    const [watcher, doomed] = [users[0], users[1]];
    const doomedClient: ChatUser = {
      ...doomed,
      socket: null,
      held: new Map(),
      outages: [],
      online: [],
      repeatedPushes: 0,
      pushed: new Set<string>(),
      downSince: null,
    };
    await connect(cluster.url, doomedClient, { reconnect: false, url: cluster.nodes[1].url });
    const sawOnline = Date.now() + 5000;
    while (!watcher.online.includes(doomed.id) && Date.now() < sawOnline) await sleep(100);
    doomed.socket?.close();
    let presenceMs = Infinity;
    await underLoad(
      cluster,
      users.filter((u) => u !== doomed && u !== watcher),
      'kill -9',
      async () => {
        const killedAt = Date.now();
        await cluster.kill(cluster.nodes[1]);
        const until = killedAt + PRESENCE_LIMIT_MS + 5000;
        while (watcher.online.includes(doomed.id) && Date.now() < until) await sleep(100);
        if (!watcher.online.includes(doomed.id)) presenceMs = Date.now() - killedAt;
        await cluster.start(cluster.nodes[1]);
      },
    );
    expect(
      'kill -9: the killed node’s user went offline for their friend within 10 s',
      presenceMs <= PRESENCE_LIMIT_MS,
      seconds(presenceMs),
    );
    await connect(cluster.url, doomed);

    console.log('\n3. PostgreSQL cut for 10 s');
    cluster.pgProxy.cut();
    const during = await probe(cluster, users[2], 10_000);
    const ready = await readiness(cluster);
    cluster.pgProxy.restore();
    const slowest = Math.max(...during.map((r) => r.ms));
    console.log(
      `  ${during.length} requests during the cut: ${during.filter((r) => r.status === 503).length} answered 503, slowest ${seconds(slowest)}`,
    );
    expect('PostgreSQL cut: no process exited', allAlive(cluster));
    expect(
      'PostgreSQL cut: requests answered 503',
      during.every((r) => r.status === 503),
      [...new Set(during.map((r) => r.status))].join('/'),
    );
    expect('PostgreSQL cut: requests answered within 2.5 s', slowest <= 2500, seconds(slowest));
    expect(
      'PostgreSQL cut: /readyz 503 with database down on every node within 1 s',
      ready.every((r) => r.value.status === 503 && r.value.body.checks?.database === 'down' && r.ms < 1000),
      ready.map((r) => `${r.value.status} in ${r.ms} ms`).join(', '),
    );
    const recovered = await timed(async () => {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const r = await readiness(cluster);
        if (r.every((x) => x.value.status === 200)) return true;
        await sleep(250);
      }
      return false;
    });
    expect('PostgreSQL back: every node ready again', recovered.value, seconds(recovered.ms));
    const afterPg: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
    expect(
      'PostgreSQL back: chat works',
      (await sendLikeTheApp(cluster.url, users[2], users[3], 'after the database came back', afterPg)) !== null,
    );

    console.log('\n4. Redis cut for 10 s');
    // Two people on one node (straight to it) and one on another, to tell local delivery from cross-node.
    const [ra, rb, rc] = [users[4], users[5], users[6]];
    const direct = (u: ChatUser): ChatUser => ({
      ...u,
      socket: null,
      held: new Map(),
      outages: [],
      online: [],
      repeatedPushes: 0,
      pushed: new Set<string>(),
      downSince: null,
    });
    const onOne = direct(rb);
    const onThree = direct(rc);
    await connect(cluster.url, onOne, { url: cluster.nodes[0].url });
    await connect(cluster.url, onThree, { url: cluster.nodes[2].url });
    cluster.redisProxy.cut();
    await sleep(500);
    const redisStats: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
    let localSends = 0;
    let localDelivered = 0;
    let slowestSend = 0;
    for (let i = 0; i < 10; i++) {
      const { value: m, ms } = await timed(() => sendLikeTheApp(cluster.nodes[0].url, ra, rb, `local ${i}`, redisStats));
      slowestSend = Math.max(slowestSend, ms);
      if (m) localSends += 1;
      await sleep(300);
      if (m && onOne.held.has(m._id)) localDelivered += 1;
    }
    const logins = await Promise.all(
      users.slice(0, 4).map((u) => api(cluster.url, 'POST', '/auth/login', null, { identifier: u.userName, password: u.password })),
    );
    const redisReady = await readiness(cluster);
    await sleep(Math.max(0, 10_000 - 4000));
    console.log(
      `  during the cut: ${localSends}/10 sends stored (slowest ${seconds(slowestSend)}), ${localDelivered}/10 delivered on the same node, logins ${logins.map((l) => l.status).join(', ')}`,
    );
    expect('Redis cut: no process exited', allAlive(cluster));
    expect('Redis cut: chat sends work', localSends === 10 && slowestSend < 2000, `${localSends}/10, slowest ${seconds(slowestSend)}`);
    expect('Redis cut: delivery on the same node works', localDelivered === 10, `${localDelivered}/10`);
    expect(
      'Redis cut: login works',
      logins.every((l) => l.status === 200),
      logins.map((l) => l.status).join(', '),
    );
    expect(
      'Redis cut: /readyz says redis is down, within 1 s',
      redisReady.every((r) => r.value.body.checks?.redis === 'down' && r.ms < 1000),
      redisReady.map((r) => `${r.value.body.checks?.redis} in ${r.ms} ms`).join(', '),
    );
    cluster.redisProxy.restore();
    const crossNode = await timed(async () => {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const m = await sendLikeTheApp(cluster.nodes[0].url, rb, rc, 'across nodes again', redisStats);
        await sleep(500);
        if (m && onThree.held.has(m._id)) return true;
      }
      return false;
    });
    expect('Redis back: delivery across nodes resumes', crossNode.value, seconds(crossNode.ms));
    onOne.socket?.close();
    onThree.socket?.close();

    console.log('\n5. stalls: the proxies stop forwarding without closing anything');
    cluster.pgProxy.stall();
    const pgStall = await probe(cluster, users[2], 6000);
    cluster.pgProxy.restore();
    const pgStallSlowest = Math.max(...pgStall.map((r) => r.ms));
    console.log(
      `  PostgreSQL stall: ${pgStall.length} requests, statuses ${[...new Set(pgStall.map((r) => r.status))].join('/')}, slowest ${seconds(pgStallSlowest)}`,
    );
    // Statement (2 s, plus 1 s on our side) after connecting (2 s at most): nothing waits longer than that.
    expect('PostgreSQL stall: no request waited past its timeouts', pgStallSlowest <= 5500, seconds(pgStallSlowest));
    expect('PostgreSQL stall: no process exited', allAlive(cluster));
    cluster.redisProxy.stall();
    const stallStats: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
    const stallSends: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { value, ms } = await timed(() => sendLikeTheApp(cluster.url, users[2], users[3], `stall ${i}`, stallStats));
      if (value) stallSends.push(ms);
      await sleep(300);
    }
    cluster.redisProxy.restore();
    const stallSlowest = Math.max(...stallSends);
    console.log(`  Redis stall: ${stallSends.length}/6 sends stored, slowest ${seconds(stallSlowest)}`);
    expect(
      'Redis stall: sends stored without waiting past the command timeout',
      stallSends.length === 6 && stallSlowest <= 2500,
      seconds(stallSlowest),
    );
    expect('Redis stall: no process exited', allAlive(cluster));

    const logged = cluster.nodes.flatMap((n) => n.errors);
    console.log(`\n  error lines logged by the nodes: ${logged.length}${logged.length ? `, first: ${logged[0]}` : ''}`);
    for (const u of users) u.socket?.close();
  } finally {
    await cluster.teardown();
  }
  console.log(
    `\ncluster test ${failures.length ? `FAILED (${failures.length}): ${failures.join('; ')}` : 'passed'} in ${seconds(Date.now() - t0)}`,
  );
  process.exit(failures.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('cluster test could not run:', err);
  process.exit(1);
});
