/**
 * The soak: the built server (`apps/server/dist/main.js` with the Node flags `npm start` computes for this
 * host, on the embedded SQLite default) under a steady mixed load for an hour and a half — feed reads, posts, reactions, comments, chat over HTTP
 * and sockets that drop and come back every few minutes — while its resident memory is sampled. What an
 * operator feels is whether the process grows until the machine swaps, so the figure is the slope of the
 * resident size after warm-up, in MB an hour (a least-squares line through the samples), and the target
 * is under 10.
 *
 *   npm run build -w @plaza/server && npx tsx bench/soak/run.ts
 *   SOAK_MINUTES=90 WARMUP_MINUTES=30 PEOPLE=300 RATE=68 (the defaults)
 *
 * The warm-up is half an hour because that is when the process reaches its steady state: access tokens
 * live 15 minutes, so the cache of verified tokens holds two generations only from then on; every socket
 * has been dropped and reopened several times; V8 has compiled the hot paths and sized its heap for
 * the load. The hour after it is what an operator's instance lives in.
 *
 * It talks to the server only over HTTP and socket.io, as any client does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { nodeFlags } from '../../scripts/node-flags.mjs';
import { freePort } from './ports';
import { linearSlope } from './slope';

const root = path.resolve(import.meta.dirname, '../..');
const minutes = Number(process.env.SOAK_MINUTES ?? 90);
const warmupMinutes = Number(process.env.WARMUP_MINUTES ?? 30);
const people = Number(process.env.PEOPLE ?? 300);
const rate = Number(process.env.RATE ?? 68);
const SAMPLE_MS = 30_000;
/** What the clients accept: a browser's list by default, so the server compresses as it does for one (brotli). */
const encoding = process.env.ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

interface Person {
  id: string;
  userName: string;
  password: string;
  access: string;
  refresh: string;
  /** When the access token was issued: a socket opened with one older than 14 minutes refreshes it first. */
  issuedAt: number;
  friend?: Person;
  socket?: Socket;
  posts: string[];
  /** The refresh under way: requests that meet an expired token wait for it instead of refreshing again. */
  refreshing?: Promise<void>;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-soak-'));
const server = spawn(process.execPath, [...nodeFlags(), path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT: '100000',
    UNVERIFIED_POSTS_PER_DAY: '100000',
    // People write far faster here than people do: the abuse limits would refuse the load itself.
    // WITHOUT=a,b runs it without those fast paths (Config.without), to see what each holds.
    PLAZA_TEST_OVERRIDES: JSON.stringify({ rateLimitScale: 10_000, without: process.env.WITHOUT?.split(',').filter(Boolean) ?? [] }),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready');
}

let failures = 0;
/** Failures by cause: an HTTP status, `network`, `socket` or `thrown`, for the summary. */
const causes = new Map<string, number>();
function failed(cause: string | number): void {
  failures += 1;
  causes.set(String(cause), (causes.get(String(cause)) ?? 0) + 1);
}
let requests = 0;
/** Actions still waiting for their answer; past MAX_IN_FLIGHT a new one is dropped and counted, not queued. */
let inFlight = 0;
let dropped = 0;
const MAX_IN_FLIGHT = 200;

async function call(who: Person, method: string, url: string, body?: unknown, form?: FormData): Promise<unknown> {
  for (let attempt = 0; attempt < 2; attempt++) {
    requests += 1;
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${who.access}`,
        'accept-encoding': encoding,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: form ?? (body ? JSON.stringify(body) : undefined),
    }).catch(() => null);
    if (res?.status === 401 && attempt === 0) {
      who.refreshing ??= refresh(who).finally(() => {
        who.refreshing = undefined;
      });
      await who.refreshing;
      continue;
    }
    if (!res || res.status >= 400) {
      failed(res?.status ?? 'network');
      return null;
    }
    return res.json();
  }
  return null;
}

async function refresh(who: Person) {
  const res = await fetch(`${base}/api/v1/auth/refresh-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: who.refresh }),
  }).catch(() => null);
  if (!res?.ok) {
    failed(`refresh ${res?.status ?? 'network'}`);
    return;
  }
  const json = (await res.json()) as { accessToken: string; refreshToken: string };
  who.access = json.accessToken;
  who.refresh = json.refreshToken;
  who.issuedAt = Date.now();
}

async function signUp(n: number): Promise<Person> {
  const userName = `soak_${n}_${Date.now().toString(36)}`;
  const password = 'soak password 123';
  const res = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, fullName: `Soak Person ${n}`, email: `${userName}@example.test`, password }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const json = (await res.json()) as { user: { _id: string }; accessToken: string; refreshToken: string };
  return { id: json.user._id, userName, password, access: json.accessToken, refresh: json.refreshToken, issuedAt: Date.now(), posts: [] };
}

async function connect(who: Person) {
  if (Date.now() - who.issuedAt > 14 * 60_000) {
    who.refreshing ??= refresh(who).finally(() => {
      who.refreshing = undefined;
    });
    await who.refreshing;
  }
  who.socket?.close();
  who.socket = io(base, { auth: { token: who.access }, query: { userId: who.id }, transports: ['websocket'], reconnection: false });
  who.socket.on('connect_error', () => failed('socket'));
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** One action of the mix, in the proportions a feed-and-chat app sees. */
async function act(crowd: Person[]) {
  const who = pick(crowd);
  const roll = Math.random();
  if (roll < 0.45) await call(who, 'GET', `/posts/${who.userName}/feeds?page=1&limit=10`);
  else if (roll < 0.6 && who.friend) await call(who, 'GET', `/chats/${who.id}/${who.friend.id}?limit=20`);
  else if (roll < 0.78 && who.friend)
    await call(who, 'POST', '/chats/send', {
      messageSenderUsername: who.userName,
      messageReceiverUsername: who.friend.userName,
      messageContent: `soak ${requests}`,
      clientMessageId: crypto.randomUUID(),
    });
  else if (roll < 0.88 && who.friend?.posts.length)
    await call(who, 'PUT', `/posts/react/${pick(who.friend.posts)}`, { reactionType: 'heart' });
  else if (roll < 0.95 && who.friend?.posts.length)
    await call(who, 'POST', `/comments/posts/${pick(who.friend.posts)}/comments`, { commentContent: `soak comment ${requests}` });
  else {
    const form = new FormData();
    form.append('content', `A soak post ${requests}`);
    const made = (await call(who, 'POST', '/posts', undefined, form)) as { post?: { _id: string } } | null;
    if (made?.post) who.posts = [...who.posts.slice(-19), made.post._id];
  }
}

/**
 * The process's resident memory from `/proc`, whole and in its two kinds: anonymous (the JavaScript heap,
 * Buffers, SQLite's page cache: what only exiting gives back) and file-backed (the database file mapped by
 * SQLite's `mmap_size`, which the kernel drops under pressure like any page cache).
 */
function residentMb(): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

/** The server's own figures from /metrics: JavaScript heap in use and memory outside it (Buffers). */
async function runtimeMb(): Promise<{ heap: number | null; external: number | null }> {
  const text = await fetch(`${base}/metrics`).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  );
  const read = (name: string) => {
    const found = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text);
    return found ? Number(found[1]) / 1024 / 1024 : null;
  };
  return { heap: read('nodejs_heap_size_used_bytes'), external: read('nodejs_external_memory_bytes') };
}

await waitReady();
const crowd: Person[] = [];
for (let n = 0; n < people; n++) crowd.push(await signUp(n));
for (let n = 0; n + 1 < crowd.length; n += 2) {
  const [a, b] = [crowd[n], crowd[n + 1]];
  await call(a, 'POST', '/users/follow/friend-request/send', { targetUserId: b.id });
  await call(b, 'POST', '/users/follow/friend-request/accept', { targetUserId: a.id });
  [a.friend, b.friend] = [b, a];
}
await Promise.all(crowd.map(connect));
console.log(`${people} people signed up and connected; ${minutes} min at ${rate} requests/s, warm-up ${warmupMinutes} min`);

const started = Date.now();
const end = started + minutes * 60_000;
interface Sample {
  minute: number;
  rss: number;
  anon: number;
  file: number;
  heap: number | null;
  external: number | null;
}
const samples: Sample[] = [];
const mb = (n: number | null) => n?.toFixed(1) ?? '?';
const sampler = setInterval(() => {
  void runtimeMb().then((runtime) => {
    const sample: Sample = { minute: (Date.now() - started) / 60_000, ...residentMb(), ...runtime };
    samples.push(sample);
    console.log(
      `${sample.minute.toFixed(1)} min: rss ${mb(sample.rss)} MB (anonymous ${mb(sample.anon)}, file ${mb(sample.file)}), heap ${mb(sample.heap)}, external ${mb(sample.external)} MB, ${requests} requests, ${failures} failed`,
    );
  });
}, SAMPLE_MS);
// Each socket drops and comes back every 2–4 minutes, as phones on the move do.
const churn = setInterval(() => {
  const share = Math.max(1, Math.round(crowd.length / (3 * 60)));
  for (let i = 0; i < share; i++) void connect(pick(crowd));
}, 1000);

const gap = 1000 / rate;
let next = Date.now();
while (Date.now() < end) {
  next += gap;
  if (inFlight >= MAX_IN_FLIGHT) dropped += 1;
  else {
    inFlight += 1;
    void act(crowd)
      .catch(() => failed('thrown'))
      .finally(() => {
        inFlight -= 1;
      });
  }
  const wait = next - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
clearInterval(sampler);
clearInterval(churn);
crowd.forEach((p) => p.socket?.close());

const settled = samples.filter((s) => s.minute >= warmupMinutes);
const slopeOf = (pick: (s: Sample) => number | null) =>
  linearSlope(settled.filter((s) => pick(s) !== null).map((s) => [s.minute / 60, pick(s)!]));
const slope = slopeOf((s) => s.rss);
console.log('\n| minute | RSS MB | anonymous | file-backed | JS heap | external |\n|---:|---:|---:|---:|---:|---:|');
for (const s of samples.filter((_, i) => i % 10 === 0 || i === samples.length - 1))
  console.log(`| ${s.minute.toFixed(1)} | ${mb(s.rss)} | ${mb(s.anon)} | ${mb(s.file)} | ${mb(s.heap)} | ${mb(s.external)} |`);
console.log(
  `\nAfter warm-up, MB an hour: RSS ${slope.toFixed(1)} (anonymous ${slopeOf((s) => s.anon).toFixed(1)}, file-backed ${slopeOf((s) => s.file).toFixed(1)}), JS heap ${slopeOf((s) => s.heap).toFixed(1)}, external ${slopeOf((s) => s.external).toFixed(1)}; ${requests} requests, ${failures} failed (${((100 * failures) / Math.max(1, requests)).toFixed(2)} %), ${dropped} actions dropped while ${MAX_IN_FLIGHT} waited.`,
);
if (causes.size > 0) console.log(`Failures by cause: ${[...causes].map(([cause, n]) => `${cause} × ${n}`).join(', ')}`);
stop();
process.exit(slope < 10 ? 0 : 1);
