/**
 * PostgreSQL and Redis going away under the cluster, through the proxies the test controls: cut (every
 * connection dropped, new ones refused) for 10 s, and stalled (nothing forwarded, nothing closed).
 */
import { anotherClient, api, connect, sendLikeTheApp, sleep, type ChatUser, type SendStats } from './chat-clients';
import type { Cluster } from './cluster';
import { underLoad } from './disruptions';
import { expect, seconds, timed, until } from './report';
import { checkPresence } from './social';

const CUT_MS = 10_000;
/** Past a node's heartbeat limit (NODE_DEAD_AFTER_MS, 5 s): back, the nodes find each other dead and take each other over. */
const BLIP_MS = 6000;
/** Between the sends of one person during the Redis cut. */
const SEND_GAP_MS = 300;
const statusesOf = (stats: SendStats) => [...stats.statuses].map(([status, n]) => `${status}: ${n}`).join(', ');
const newStats = (): SendStats => ({ attempted: 0, acknowledged: [], failed: 0, statuses: new Map() });

/** Requests through the balancer while a dependency is away: status and duration of each. */
async function probe(cluster: Cluster, user: ChatUser, ms: number) {
  const results: Array<{ status: number; ms: number }> = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
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

function readiness(cluster: Cluster) {
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

const allAlive = (cluster: Cluster) => cluster.nodes.every((n) => cluster.alive(n));
const statuses = (rs: Array<{ status: number }>) => [...new Set(rs.map((r) => r.status))].join('/');

/** Every node answers /readyz 200 again; how long that took. */
async function recovery(cluster: Cluster) {
  return timed(() => until(async () => (await readiness(cluster)).every((x) => x.value.status === 200), 20_000, 250));
}

export async function postgresCut(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await underLoad(cluster, users, 'PostgreSQL cut', () => cutPostgres(cluster, users));
}

async function cutPostgres(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await cluster.pgProxy.cut();
  const cutAt = Date.now();
  const [ready, during] = await Promise.all([
    // Once the cut has had a second to be noticed.
    sleep(1000).then(() => readiness(cluster)),
    probe(cluster, users[2], CUT_MS - 1000),
  ]);
  await sleep(Math.max(0, cutAt + CUT_MS - Date.now()));
  const alive = allAlive(cluster);
  await cluster.pgProxy.restore();
  const slowest = Math.max(...during.map((r) => r.ms));
  console.log(
    `  ${during.length} requests during the cut: ${during.filter((r) => r.status === 503).length} answered 503, slowest ${seconds(slowest)}`,
  );
  expect('PostgreSQL cut: no process exited', alive);
  expect(
    'PostgreSQL cut: requests answered 503',
    during.every((r) => r.status === 503),
    statuses(during),
  );
  expect('PostgreSQL cut: requests answered within 2.5 s', slowest <= 2500, seconds(slowest));
  expect(
    'PostgreSQL cut: /readyz 503 naming the database on every node, within 1 s',
    ready.every((r) => r.value.status === 503 && r.value.body.checks?.database === 'down' && r.ms < 1000),
    ready.map((r) => `${r.value.status} ${r.value.body.checks?.database} in ${r.ms} ms`).join(', '),
  );
  const recovered = await recovery(cluster);
  expect('PostgreSQL back: every node ready again', recovered.value, `in ${seconds(recovered.ms)}`);
  const sent = await sendLikeTheApp(cluster.url, users[2], users[3], 'after the database came back', newStats());
  expect('PostgreSQL back: chat works', sent !== null);
}

export async function redisCut(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await underLoad(cluster, users, 'Redis cut', () => cutRedis(cluster, users));
}

/** Redis away for 6 s under load, as a failover looks to the nodes. */
export async function redisBlip(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await underLoad(cluster, users, 'Redis blip', async () => {
    await cluster.redisProxy.cut();
    await sleep(BLIP_MS);
    await cluster.redisProxy.restore();
    // From the moment Redis is back: the nodes took each other for dead meanwhile.
    await checkPresence('Redis blip, right after', users, Date.now());
    const recovered = await recovery(cluster);
    expect('Redis blip over: every node ready again', recovered.value, `in ${seconds(recovered.ms)}`);
  });
}

async function cutRedis(cluster: Cluster, users: ChatUser[]): Promise<void> {
  // Two people on one node (straight to it) and one on another, to tell local delivery from cross-node.
  const [ra, rb, rc] = [users[4], users[5], users[6]];
  const onOne = anotherClient(rb);
  const onThree = anotherClient(rc);
  await connect(cluster.url, onOne, { url: cluster.nodes[0].url });
  await connect(cluster.url, onThree, { url: cluster.nodes[2].url });
  // Ten sends like a person typing (about three a second), well inside the flood limit of ten in 2 s that
  // the background load's own sends by this person also count against: faster, a 429 and its wait would be
  // the limiter's doing, not the outage's. Also measured just before the cut, under the same load.
  const sendTen = async (label: string) => {
    const stats = newStats();
    const times: number[] = [];
    let stored = 0;
    let delivered = 0;
    for (let i = 0; i < 10; i++) {
      if (i) await sleep(SEND_GAP_MS);
      const { value: m, ms } = await timed(() => sendLikeTheApp(cluster.nodes[0].url, ra, rb, `${label} ${i}`, stats));
      times.push(ms);
      if (m) stored += 1;
      if (m && (await until(() => onOne.held.has(m._id), 1000, 20))) delivered += 1;
    }
    return { stats, stored, delivered, slowest: Math.max(...times), times: times.map((ms) => seconds(ms)).join(' ') };
  };
  try {
    const before = await sendTen('before');
    await cluster.redisProxy.cut();
    const cutAt = Date.now();
    await sleep(500);
    const { stats, stored, delivered, slowest: slowestSend, times } = await sendTen('local');
    console.log(`  sends before the cut: ${before.times}; during: ${times}`);
    const logins = await Promise.all(
      users.slice(0, 4).map((u) => api(cluster.url, 'POST', '/auth/login', null, { identifier: u.userName, password: u.password })),
    );
    const ready = await readiness(cluster);
    await sleep(Math.max(0, cutAt + CUT_MS - Date.now()));
    const alive = allAlive(cluster);
    await cluster.redisProxy.restore();
    console.log(
      `  during the cut: ${stored}/10 sends stored (slowest ${seconds(slowestSend)}, answers ${statusesOf(stats)}), ${delivered}/10 delivered on the same node, logins ${logins.map((l) => l.status).join(', ')}`,
    );
    expect('Redis cut: no process exited', alive);
    // A send that waited on Redis would take its 2 s command timeout at least; beyond that, a loaded host's
    // own slowness (measured just before the cut) is not the outage's.
    const limitMs = Math.max(2000, 3 * before.slowest);
    expect(
      'Redis cut: chat sends work',
      stored === 10 && slowestSend < limitMs,
      `${stored}/10, slowest ${seconds(slowestSend)} of ${seconds(limitMs)} allowed, answers ${statusesOf(stats)}`,
    );
    expect('Redis cut: delivery on the same node works', delivered === 10, `${delivered}/10`);
    expect(
      'Redis cut: login works',
      logins.every((l) => l.status === 200),
      logins.map((l) => l.status).join(', '),
    );
    expect(
      'Redis cut: /readyz says redis is down, within 1 s',
      ready.every((r) => r.value.body.checks?.redis === 'down' && r.ms < 1000),
      ready.map((r) => `${r.value.body.checks?.redis} in ${r.ms} ms`).join(', '),
    );
    const crossNode = await timed(() =>
      until(
        async () => {
          const m = await sendLikeTheApp(cluster.nodes[0].url, rb, rc, 'across nodes again', stats);
          return m !== null && (await until(() => onThree.held.has(m._id), 500, 20));
        },
        20_000,
        0,
      ),
    );
    expect('Redis back: delivery across nodes resumes', crossNode.value, `after ${seconds(crossNode.ms)}`);
    const recovered = await recovery(cluster);
    expect('Redis back: every node ready again', recovered.value, `in ${seconds(recovered.ms)}`);
  } finally {
    onOne.socket?.close();
    onThree.socket?.close();
  }
}

export async function stalls(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await underLoad(cluster, users, 'stalls', async () => {
    await stallPostgres(cluster, users);
    await stallRedis(cluster, users);
  });
}

async function stallPostgres(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await cluster.pgProxy.stall();
  const pgStall = await probe(cluster, users[2], 6000);
  await cluster.pgProxy.restore();
  const pgSlowest = Math.max(...pgStall.map((r) => r.ms));
  console.log(`  PostgreSQL stall: ${pgStall.length} requests, statuses ${statuses(pgStall)}, slowest ${seconds(pgSlowest)}`);
  // Statement (2 s, plus 1 s on our side) after connecting (2 s at most): nothing waits longer than that.
  expect('PostgreSQL stall: no request waited past its timeouts', pgSlowest <= 5500, seconds(pgSlowest));
  expect('PostgreSQL stall: no process exited', allAlive(cluster));
  const pgBack = await recovery(cluster);
  expect('PostgreSQL stall over: every node ready again', pgBack.value, `in ${seconds(pgBack.ms)}`);
}

async function stallRedis(cluster: Cluster, users: ChatUser[]): Promise<void> {
  await cluster.redisProxy.stall();
  const stats = newStats();
  const sends: number[] = [];
  for (let i = 0; i < 6; i++) {
    const { value, ms } = await timed(() => sendLikeTheApp(cluster.url, users[2], users[3], `stall ${i}`, stats));
    if (value) sends.push(ms);
    await sleep(300);
  }
  await cluster.redisProxy.restore();
  const slowest = Math.max(...sends);
  console.log(`  Redis stall: ${sends.length}/6 sends stored, slowest ${seconds(slowest)}`);
  expect('Redis stall: sends stored without waiting past the command timeout', sends.length === 6 && slowest <= 2500, seconds(slowest));
  expect('Redis stall: no process exited', allAlive(cluster));
  const redisBack = await recovery(cluster);
  expect('Redis stall over: every node ready again', redisBack.value, `in ${seconds(redisBack.ms)}`);
}
