/**
 * Nodes going away under ~100 chat messages a second: a rolling restart (SIGTERM, as a deploy does) of
 * every node in turn, and a kill -9. What the users hold afterwards is counted against what was stored.
 */
import pg from 'pg';
import { anotherClient, chatLoad, connect, connectErrors, deliveryCounts, sleep, type ChatUser, type SendStats } from './chat-clients';
import type { Cluster, ServerNode } from './cluster';
import { expect, seconds, spread, timed, until } from './report';
import { checkPresence, checkSocial, socialLoad } from './social';

/** 30 users sending every 300 ms: 100 messages a second. */
const SEND_EVERY_MS = 300;
/** Every client back within 10 s of its disconnect (asserted). The test waits twice that, so a miss is measured, not just timed out. */
const RECONNECT_LIMIT_MS = 10_000;
const RECONNECT_WAIT_MS = 2 * RECONNECT_LIMIT_MS;
const PRESENCE_LIMIT_MS = 10_000;
/** 30 people each doing one other thing (post, reaction, comment, friend request) every 3 s: 10 a second. */
const SOCIAL_EVERY_MS = 3000;

function statusLine(stats: SendStats): string {
  return [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s || 'network'}: ${n}`)
    .join(', ');
}

/** What the database holds of the acknowledged messages: missing ones, and sends stored twice. */
async function storedCounts(cluster: Cluster, stats: SendStats) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const ids = stats.acknowledged.map((a) => a.message._id);
    const found = await client.query<{ n: number }>('select count(*)::int as n from messages where id = any($1)', [ids]);
    const twice = await client.query<{ n: number }>(
      `select coalesce(sum(c - 1), 0)::int as n from (select count(*) as c from messages
       where client_message_id is not null group by sender_id, client_message_id having count(*) > 1) d`,
    );
    return { missing: ids.length - found.rows[0].n, doubled: twice.rows[0].n };
  } finally {
    await client.end();
  }
}

/**
 * Chat and the other actions under load while `disturb` runs; then the counts of what was stored and what
 * every client holds, what everyone concerned sees of posts, reactions, comments and friend requests, and
 * presence.
 */
export async function underLoad(cluster: Cluster, users: ChatUser[], name: string, disturb: () => Promise<void>) {
  for (const u of users) u.outages.length = 0;
  connectErrors.clear();
  const load = chatLoad(cluster.url, users, SEND_EVERY_MS);
  const social = socialLoad(cluster.url, users, SOCIAL_EVERY_MS);
  const started = Date.now();
  await sleep(2000);
  await disturb();
  await sleep(3000);
  const [stats] = await Promise.all([load.stop(), social.stop()]);
  const elapsed = Date.now() - started;
  // Every client connected again and caught up, and the pushes still on their way have arrived.
  await until(() => users.every((u) => u.socket?.connected), RECONNECT_WAIT_MS);
  await Promise.all(users.map((u) => u.catchingUp ?? Promise.resolve()));
  await sleep(1500);
  const counts = deliveryCounts(users, stats);
  const stored = await storedCounts(cluster, stats);
  const outages = users.flatMap((u) => u.outages);
  const stillDown = users.filter((u) => !u.socket?.connected).length;
  const worst = Math.max(0, ...outages);
  const rate = Math.round(stats.attempted / (elapsed / 1000));
  console.log(
    `  ${name}: ${stats.attempted} sent in ${seconds(elapsed)} (${rate} msg/s, ${stats.skipped} sends held back by users with three on their way), ` +
      `${counts.acknowledged} stored, ${stats.failed} given up; answers ${statusLine(stats)}`,
  );
  console.log(
    `  ${name}: ${counts.lost} lost, ${counts.doubled} doubled to a client, ${stored.missing} missing and ${stored.doubled} doubled in the database, ` +
      `${counts.repeatedPushes} repeated pushes dropped by id`,
  );
  console.log(
    `  ${name}: ${outages.length} disconnects, ${users.length - stillDown}/${users.length} clients connected, reconnects ${spread(outages)}; ` +
      `failed attempts: ${[...connectErrors].map(([why, n]) => `${why} ×${n}`).join(', ') || 'none'}`,
  );
  expect(`${name}: every acknowledged message stored once`, stored.missing === 0 && stored.doubled === 0);
  expect(`${name}: every acknowledged message reached its receiver`, counts.lost === 0, `${counts.lost} lost`);
  expect(`${name}: no message doubled`, counts.doubled === 0, `${counts.doubled} doubled`);
  expect(`${name}: no send given up`, stats.failed === 0, `${stats.failed} given up`);
  const inTime = outages.filter((ms) => ms <= RECONNECT_LIMIT_MS).length;
  expect(
    `${name}: every client reconnected within ${RECONNECT_LIMIT_MS / 1000} s`,
    stillDown === 0 && worst <= RECONNECT_LIMIT_MS,
    `slowest ${seconds(worst)}; ${inTime}/${outages.length} in time, ${stillDown} still down`,
  );
  await checkSocial(cluster, name, social);
  await checkPresence(name, users);
}

/** One client of a user connected straight to each node: whose sockets a stop must leave alone. */
async function watchers(cluster: Cluster, users: ChatUser[]): Promise<ChatUser[]> {
  const w = cluster.nodes.map((n, i) => anotherClient(users[i]));
  await Promise.all(w.map((c, i) => connect(cluster.url, c, { url: cluster.nodes[i].url })));
  return w;
}

export async function rollingRestart(cluster: Cluster, users: ChatUser[]): Promise<void> {
  const direct = await watchers(cluster, users);
  try {
    await underLoad(cluster, users, 'rolling restart', async () => {
      for (const node of cluster.nodes) {
        const since = Date.now();
        const { value: code, ms } = await timed(() => cluster.stop(node));
        expect(`node ${node.index + 1} stopped with exit code 0`, code === 0, `code ${code}, in ${seconds(ms)}`);
        const startMs = await cluster.start(node);
        console.log(`  node ${node.index + 1} ready again ${seconds(startMs)} after its start`);
        const others = direct.filter((_, i) => i !== node.index);
        const dropped = others.filter((c) => c.disconnects.some((t) => t >= since)).length;
        expect(
          `node ${node.index + 1}'s stop left the sockets on the other nodes connected`,
          dropped === 0,
          `${dropped} of ${others.length} dropped`,
        );
        await sleep(1000);
      }
    });
  } finally {
    for (const c of direct) c.socket?.close();
  }
}

/** kill -9 of node 2 under load; a user whose only socket was there goes offline for their friend. */
export async function killNode(cluster: Cluster, users: ChatUser[]): Promise<void> {
  const victim: ServerNode = cluster.nodes[1];
  const [watcher, doomed] = [users[0], users[1]];
  // The doomed user's only socket is on the killed node and does not come back.
  doomed.socket?.close();
  const doomedClient = anotherClient(doomed);
  await connect(cluster.url, doomedClient, { reconnect: false, url: victim.url });
  const sawOnline = await until(() => watcher.online.includes(doomed.id), 5000);
  expect('kill -9: the friend saw the user online first', sawOnline);
  let presenceMs = Infinity;
  let cut = 0;
  const load = users.filter((u) => u !== doomed && u !== watcher);
  // Reconnected one by one through the balancer, which deals them out in turn: about a third land on the
  // victim, whatever the rolling restart left where.
  for (const u of load) {
    u.socket?.close();
    await connect(cluster.url, u);
  }
  await underLoad(cluster, load, 'kill -9', async () => {
    const killedAt = Date.now();
    await cluster.kill(victim);
    await sleep(1000);
    cut = load.filter((u) => u.disconnects.some((t) => t >= killedAt)).length;
    if (await until(() => !watcher.online.includes(doomed.id), PRESENCE_LIMIT_MS + 5000)) presenceMs = Date.now() - killedAt;
    const startMs = await cluster.start(victim);
    console.log(`  node ${victim.index + 1} ready again ${seconds(startMs)} after its start`);
  });
  expect('kill -9: the kill cut clients under load', cut > 0, `${cut} of ${load.length}`);
  expect('kill -9: the killed node’s user went offline for their friend within 10 s', presenceMs <= PRESENCE_LIMIT_MS, seconds(presenceMs));
  await connect(cluster.url, doomed);
}
