/**
 * Chat users as the web app is: a socket.io client with the web app's options (websocket only, jittered
 * reconnection that never gives up), sends through `POST /chats/send` with a client id and retries, and
 * on every reconnect a catch-up through `GET /chats/{me}/{other}?after=` from ten seconds before the
 * newest message it holds. The counts below are what the users would see.
 */
import { SOCKET_CLIENT, type ClientToServerEvents, type Message, type ServerToClientEvents } from '@plaza/contract';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ChatUser {
  id: string;
  userName: string;
  password: string;
  token: string;
  partner: ChatUser | null;
  socket: ClientSocket | null;
  /** Every message this user holds (pushed, caught up, or its own sends), by id. */
  held: Map<string, Message>;
  /** Pushes of a message already pushed once (deduplicated by id, as the web app does). */
  repeatedPushes: number;
  pushed: Set<string>;
  /** When the socket dropped, while it is down. */
  downSince: number | null;
  /** How long each drop lasted, in ms. */
  outages: number[];
  /** Disconnects that have not come back (yet). */
  online: string[];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api(base: string, method: string, path: string, token: string | null, body?: unknown, timeoutMs = 15_000) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as unknown };
}

export { api };

export async function signUp(base: string, tag: string): Promise<ChatUser> {
  const password = 'cluster test password';
  const userName = `c_${tag}`;
  const res = await api(base, 'POST', '/auth/signup', null, {
    userName,
    email: `${userName}@example.test`,
    password,
    fullName: `Cluster ${tag}`,
  });
  if (res.status !== 201) throw new Error(`signup ${userName}: ${res.status} ${JSON.stringify(res.json)}`);
  const { user, accessToken } = res.json as { user: { _id: string }; accessToken: string };
  return {
    id: user._id,
    userName,
    password,
    token: accessToken,
    partner: null,
    socket: null,
    held: new Map(),
    repeatedPushes: 0,
    pushed: new Set(),
    downSince: null,
    outages: [],
    online: [],
  };
}

/** Makes two users friends through the API (request, accept). */
export async function befriend(base: string, a: ChatUser, b: ChatUser): Promise<void> {
  const sent = await api(base, 'POST', '/users/follow/friend-request/send', a.token, { targetUserId: b.id });
  const accepted = await api(base, 'POST', '/users/follow/friend-request/send', b.token, { targetUserId: a.id });
  if (sent.status >= 300 || accepted.status >= 300) throw new Error(`befriend: ${sent.status} ${accepted.status}`);
}

const SLACK_MS = 10_000;

/** The web app's catch-up: everything after a message a little before the newest held, page by page. */
async function catchUp(base: string, user: ChatUser): Promise<void> {
  const other = user.partner;
  if (!other) return;
  const mine = [...user.held.values()].sort((x, y) => (x._id < y._id ? -1 : 1));
  const newest = mine.at(-1);
  let after: string | undefined;
  if (newest) {
    const before = Date.parse(newest.createdAt) - SLACK_MS;
    after = mine[0]._id;
    for (let i = mine.length - 1; i >= 0; i--)
      if (Date.parse(mine[i].createdAt) <= before) {
        after = mine[i]._id;
        break;
      }
  }
  for (let page = 0; page < 50; page++) {
    const q = after ? `?after=${after}&limit=100` : '?limit=100';
    let res: Awaited<ReturnType<typeof api>> | null = null;
    // A failed catch-up is tried again (as the web app does), a second apart.
    for (let attempt = 0; attempt < 5 && res?.status !== 200; attempt++) {
      if (attempt) await sleep(1000);
      res = await api(base, 'GET', `/chats/${user.id}/${other.id}${q}`, user.token).catch(() => null);
    }
    if (!res || res.status !== 200) return;
    const messages = res.json as Message[];
    for (const m of messages) user.held.set(m._id, m);
    if (messages.length < 100 || !after) return;
    after = messages[messages.length - 1]._id;
  }
}

/** Connects with the web app's options; reconnects (and catches up) by itself from then on. */
export function connect(base: string, user: ChatUser, opts: { reconnect?: boolean; url?: string } = {}): Promise<void> {
  const socket: ClientSocket = io(opts.url ?? base, {
    ...SOCKET_CLIENT,
    transports: [...SOCKET_CLIENT.transports],
    reconnection: opts.reconnect ?? true,
    forceNew: true,
    query: { userId: user.id },
    auth: (cb) => cb({ token: user.token }),
  });
  user.socket = socket;
  let connectedOnce = false;
  let timer: NodeJS.Timeout | undefined;
  socket.on('receiveMessage', (m) => {
    if (user.pushed.has(m._id)) user.repeatedPushes += 1;
    user.pushed.add(m._id);
    user.held.set(m._id, m);
  });
  socket.on('onlineUsers', (ids) => {
    user.online = ids;
  });
  socket.on('disconnect', (reason) => {
    user.downSince ??= Date.now();
    // The web app's own retry after a disconnect the server asked for.
    if (reason === 'io server disconnect' && opts.reconnect !== false)
      timer = setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
  });
  socket.on('connect_error', () => {
    user.downSince ??= Date.now();
    if (!socket.active && opts.reconnect !== false) {
      clearTimeout(timer);
      timer = setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
    }
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      if (user.downSince !== null && connectedOnce) {
        user.outages.push(Date.now() - user.downSince);
        void catchUp(base, user);
      }
      user.downSince = null;
      if (!connectedOnce) {
        connectedOnce = true;
        resolve();
      }
    });
    setTimeout(() => (connectedOnce ? undefined : reject(new Error(`${user.userName} could not connect`))), 15_000);
  });
}

export interface SendStats {
  attempted: number;
  acknowledged: Array<{ from: ChatUser; to: ChatUser; message: Message }>;
  failed: number;
  /** Answers by status (including retries), e.g. 201, 502, 503. */
  statuses: Map<number, number>;
}

/** One send as the web app does it: the same client id on every retry, until stored or 20 s are up. */
export async function sendLikeTheApp(base: string, from: ChatUser, to: ChatUser, text: string, stats: SendStats): Promise<Message | null> {
  const clientMessageId = randomUUID();
  const until = Date.now() + 20_000;
  stats.attempted += 1;
  while (Date.now() < until) {
    const res = await api(
      base,
      'POST',
      '/chats/send',
      from.token,
      { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text, clientMessageId },
      8000,
    ).catch(() => ({ status: 0, json: null }));
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    if (res.status === 200 || res.status === 201) {
      const message = res.json as Message;
      from.held.set(message._id, message);
      stats.acknowledged.push({ from, to, message });
      return message;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) break;
    await sleep(300 + Math.random() * 400);
  }
  stats.failed += 1;
  return null;
}

/** Every user sends to its partner every `everyMs`, until stopped; returns the counts. */
export function chatLoad(base: string, users: ChatUser[], everyMs: number) {
  const stats: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
  let running = true;
  const loops = users.map(async (user, i) => {
    await sleep((everyMs * i) / users.length);
    let n = 0;
    while (running) {
      const started = Date.now();
      // Sends overlap when the cluster is slow, as a user typing on would.
      void sendLikeTheApp(base, user, user.partner!, `${user.userName} #${n++}`, stats);
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  });
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(loops);
      // Sends still retrying finish (or give up) within their 20 s.
      const until = Date.now() + 22_000;
      while (stats.acknowledged.length + stats.failed < stats.attempted && Date.now() < until) await sleep(100);
      return stats;
    },
  };
}

export interface DeliveryCounts {
  acknowledged: number;
  lost: number;
  doubled: number;
  repeatedPushes: number;
}

/** What the receivers hold of what was acknowledged: lost (missing after catch-up), doubled (one send shown twice). */
export function deliveryCounts(users: ChatUser[], stats: SendStats): DeliveryCounts {
  let lost = 0;
  for (const { to, message } of stats.acknowledged) if (!to.held.has(message._id)) lost += 1;
  let doubled = 0;
  for (const user of users) {
    const byClientId = new Map<string, number>();
    for (const m of user.held.values())
      if (m.clientMessageId) byClientId.set(m.clientMessageId, (byClientId.get(m.clientMessageId) ?? 0) + 1);
    for (const n of byClientId.values()) if (n > 1) doubled += n - 1;
  }
  return {
    acknowledged: stats.acknowledged.length,
    lost,
    doubled,
    repeatedPushes: users.reduce((s, u) => s + u.repeatedPushes, 0),
  };
}
