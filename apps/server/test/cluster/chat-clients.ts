/**
 * Chat users as the web app is: a socket.io client with the web app's options (websocket only, jittered
 * reconnection that never gives up), sends through `POST /chats/send` with a client id and retries, and
 * on every reconnect (or the server's resync) a catch-up through `GET /chats/{me}/{other}?after=` from the
 * message up to which it holds every message of the conversation, by the order the server stored them
 * (`seq`). The counts below are what the users would see.
 */
import { SOCKET_CLIENT, type ClientToServerEvents, type Message, type ServerToClientEvents } from '@plaza/contract';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { formData, request } from './http';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ChatUser {
  id: string;
  userName: string;
  password: string;
  token: string;
  /** The local address this person's requests and socket come from (127.0.0.x); 127.0.0.1 when unset. */
  address?: string;
  partner: ChatUser | null;
  socket: ClientSocket | null;
  /** Every message this user holds (pushed, caught up, or its own sends), by id. */
  held: Map<string, Message>;
  /** The seqs of `held`. */
  heldSeqs: Set<number>;
  /** The highest seq up to which this client holds every message of the conversation: where catch-ups start. */
  through: number;
  /** Pushes of a message already pushed once (deduplicated by id, as the web app does). */
  repeatedPushes: number;
  pushed: Set<string>;
  /** When the socket dropped, while it is down. */
  downSince: number | null;
  /** How long each drop lasted, in ms. */
  outages: number[];
  /** The users this one sees online (the last `onlineUsers`). */
  online: string[];
  /** When each disconnect of this client happened (ms since the epoch). */
  disconnects: number[];
  /** The catch-up under way after a reconnect, if any. */
  catchingUp: Promise<void> | null;
}

/** The same person on another device: a client of their own, nothing held yet. */
export function anotherClient(user: ChatUser): ChatUser {
  return {
    ...user,
    socket: null,
    held: new Map(),
    heldSeqs: new Set(),
    through: 0,
    outages: [],
    online: [],
    repeatedPushes: 0,
    pushed: new Set<string>(),
    downSince: null,
    disconnects: [],
    catchingUp: null,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Who makes a request: their token, and the local address their requests come from (127.0.0.1 when unset). */
export interface Caller {
  token: string;
  address?: string;
}

export interface ApiOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Text fields sent as multipart/form-data instead of a JSON body. */
  form?: Record<string, string>;
}

async function api(
  base: string,
  method: string,
  path: string,
  who: Caller | string | null,
  body?: unknown,
  options: number | ApiOptions = {},
) {
  const opts = typeof options === 'number' ? { timeoutMs: options } : options;
  const caller = typeof who === 'string' ? { token: who } : who;
  const form = opts.form ? formData(opts.form) : null;
  const res = await request(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(form ? { 'content-type': form.contentType } : body ? { 'content-type': 'application/json' } : {}),
      ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
      ...opts.headers,
    },
    body: form ? form.body : body ? Buffer.from(JSON.stringify(body)) : undefined,
    timeoutMs: opts.timeoutMs ?? 15_000,
    localAddress: caller?.address,
  });
  let json: unknown = null;
  try {
    json = res.text ? JSON.parse(res.text) : null;
  } catch {
    // nginx's own error pages (502, 504) are HTML.
  }
  return { status: res.status, json };
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
    heldSeqs: new Set(),
    through: 0,
    repeatedPushes: 0,
    pushed: new Set(),
    downSince: null,
    outages: [],
    online: [],
    disconnects: [],
    catchingUp: null,
  };
}

/** Makes two users friends through the API (request, accept). */
export async function befriend(base: string, a: ChatUser, b: ChatUser): Promise<void> {
  const sent = await api(base, 'POST', '/users/follow/friend-request/send', a.token, { targetUserId: b.id });
  const accepted = await api(base, 'POST', '/users/follow/friend-request/send', b.token, { targetUserId: a.id });
  if (sent.status >= 300 || accepted.status >= 300) throw new Error(`befriend: ${sent.status} ${accepted.status}`);
}

/** How long a send or a catch-up keeps trying. */
const RETRY_FOR_MS = 20_000;
/** The pause before the n-th retry: 0.5, 1, 2, 4, 4 … s, each between half and all of it (jitter). */
const backoff = (attempt: number) => Math.min(4000, 500 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);

/**
 * Holds a message (pushed, caught up, or the answer to its own send), as the web app's chat cache does:
 * `through` moves to `completeThrough` when a catch-up's answer holds everything up to there, then over
 * each next seq held.
 */
function hold(user: ChatUser, messages: readonly Message[], completeThrough = 0): void {
  for (const m of messages) {
    user.held.set(m._id, m);
    user.heldSeqs.add(m.seq);
  }
  user.through = Math.max(user.through, completeThrough);
  while (user.heldSeqs.has(user.through + 1)) user.through += 1;
}

/** As the web app's catchUpCursor: the held message with the highest seq up to `through`. */
function catchUpCursor(user: ChatUser): string | undefined {
  let cursor: Message | undefined;
  for (const m of user.held.values()) if (m.seq > 0 && m.seq <= user.through && (!cursor || m.seq > cursor.seq)) cursor = m;
  return cursor?._id;
}

/**
 * The web app's catch-up: everything stored after the cursor, page by page, each answer holding every
 * message up to its last. A push that overtook an earlier one, or its own send answered while the socket
 * was down, never moves the cursor past a message it does not hold. Nothing held: the latest page.
 */
async function catchUp(base: string, user: ChatUser): Promise<void> {
  const other = user.partner;
  if (!other) return;
  let after = catchUpCursor(user);
  for (let page = 0; page < 50; page++) {
    const q = after ? `?after=${after}&limit=100` : '?limit=100';
    let res: Awaited<ReturnType<typeof api>> | null = null;
    // A failed catch-up is tried again with a growing pause, for as long as a send would be.
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; res?.status !== 200 && Date.now() < until; attempt++) {
      if (attempt) await sleep(backoff(attempt));
      res = await api(base, 'GET', `/chats/${user.id}/${other.id}${q}`, user).catch(() => null);
    }
    if (!res || res.status !== 200) return;
    const messages = res.json as Message[];
    // The latest page holds every message up to its highest seq; a page after the cursor, up to its last.
    hold(user, messages, after ? (messages.at(-1)?.seq ?? 0) : Math.max(0, ...messages.map((m) => m.seq)));
    if (messages.length < 100 || !after) return;
    after = messages[messages.length - 1]._id;
  }
}

/** Why connection attempts failed, over every client (printed with the reconnect times). */
export const connectErrors = new Map<string, number>();

/** Connects with the web app's options; reconnects (and catches up) by itself from then on. */
export function connect(base: string, user: ChatUser, opts: { reconnect?: boolean; url?: string } = {}): Promise<void> {
  const socket: ClientSocket = io(opts.url ?? base, {
    ...SOCKET_CLIENT,
    transports: [...SOCKET_CLIENT.transports],
    reconnection: opts.reconnect ?? true,
    forceNew: true,
    query: { userId: user.id },
    auth: (cb) => cb({ token: user.token }),
    // engine.io-client hands it to the websocket (ws): the address the server sees this person at.
    ...(user.address ? { localAddress: user.address } : {}),
  });
  user.socket = socket;
  let connectedOnce = false;
  let timer: NodeJS.Timeout | undefined;
  socket.on('receiveMessage', (m) => {
    if (user.pushed.has(m._id)) user.repeatedPushes += 1;
    user.pushed.add(m._id);
    hold(user, [m]);
  });
  // One catch-up at a time, after the one under way.
  const catchUpAgain = () => {
    const previous = user.catchingUp ?? Promise.resolve();
    const current: Promise<void> = previous.then(() => catchUp(base, user));
    user.catchingUp = current;
    void current.finally(() => {
      if (user.catchingUp === current) user.catchingUp = null;
    });
  };
  // Cross-node delivery may have dropped something while this socket stayed up (Redis was away).
  socket.on('resync', catchUpAgain);
  socket.on('onlineUsers', (ids) => {
    user.online = ids;
  });
  socket.on('disconnect', (reason) => {
    user.disconnects.push(Date.now());
    user.downSince ??= Date.now();
    // The web app's own retry after a disconnect the server asked for.
    if (reason === 'io server disconnect' && opts.reconnect !== false)
      timer = setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
  });
  socket.on('connect_error', (err) => {
    user.downSince ??= Date.now();
    connectErrors.set(err.message, (connectErrors.get(err.message) ?? 0) + 1);
    if (!socket.active && opts.reconnect !== false) {
      clearTimeout(timer);
      timer = setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
    }
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      if (user.downSince !== null && connectedOnce) {
        user.outages.push(Date.now() - user.downSince);
        catchUpAgain();
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

/**
 * One send: the same client id on every retry (so a retry returns the first copy), with a growing,
 * jittered pause, until stored or 20 s are up. The web app gives up sooner (two retries) and lets the
 * user send again; here every message must get through, so the test can count what was lost.
 */
export async function sendLikeTheApp(base: string, from: ChatUser, to: ChatUser, text: string, stats: SendStats): Promise<Message | null> {
  const clientMessageId = randomUUID();
  const until = Date.now() + RETRY_FOR_MS;
  stats.attempted += 1;
  for (let attempt = 0; Date.now() < until; attempt++) {
    if (attempt) await sleep(backoff(attempt));
    const res = await api(
      base,
      'POST',
      '/chats/send',
      from,
      { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text, clientMessageId },
      8000,
    ).catch(() => ({ status: 0, json: null }));
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    if (res.status === 200 || res.status === 201) {
      const message = res.json as Message;
      hold(from, [message]);
      stats.acknowledged.push({ from, to, message });
      return message;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) break;
  }
  stats.failed += 1;
  return null;
}

const MAX_IN_FLIGHT = 3;

/** Every user sends to its partner every `everyMs`, until stopped; returns the counts and the sends skipped. */
export function chatLoad(base: string, users: ChatUser[], everyMs: number) {
  const stats: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
  let running = true;
  let skipped = 0;
  const loops = users.map(async (user, i) => {
    await sleep((everyMs * i) / users.length);
    let n = 0;
    let inFlight = 0;
    while (running) {
      const started = Date.now();
      // Sends overlap when the cluster is slow, as a user typing on would, but a user with three sends
      // still on their way waits: the load stays what people could make, not a growing retry storm.
      if (inFlight < MAX_IN_FLIGHT) {
        inFlight += 1;
        void sendLikeTheApp(base, user, user.partner!, `${user.userName} #${n++}`, stats).finally(() => (inFlight -= 1));
      } else skipped += 1;
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
      return { ...stats, skipped };
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
  for (const { to, message } of stats.acknowledged)
    if (!to.held.has(message._id)) {
      lost += 1;
      // What it takes to tell a missed push from a missed catch-up.
      const drops = to.disconnects.map((t) => new Date(t).toISOString().slice(11, 23)).join(' ');
      console.log(
        `    lost: ${message._id} created ${message.createdAt.slice(11, 23)} for ${to.userName}; its socket dropped at ${drops || 'no time'}`,
      );
    }
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
