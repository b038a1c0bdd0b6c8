/**
 * A load-client process: holds a share of the connected clients and sends its share of the message
 * rate, measuring each message from the moment its send starts to its arrival at each receiver (the other
 * person of a pair, every other member of a group). A pair or group lives whole in one process, so both
 * ends read the same clock.
 */
import { Agent, request } from 'node:http';
import type { GroupMessageEvent } from '@plaza/contract';
import { io, type Socket } from 'socket.io-client';
import type { BenchUser, FromLoad, ToLoad } from './protocol';
import { now, sleep } from './stats';

interface Flight {
  startedAt: number;
  measured: boolean;
  /** 0 until the server accepted it; only accepted messages can be lost. */
  accepted: boolean;
  rejected: boolean;
  /** The sender's place in its pair or group (its receivers are the others); -1 when the one receiver is the sender (the echo). */
  sender: number;
  /** Arrivals per receiver, by place in the group leaving out the sender's. */
  arrivals: Uint8Array;
  /** Receivers not reached yet. */
  missing: number;
}

const reply = (msg: FromLoad) => process.send?.(msg);
let flights = new Map<string, Flight>();
let latencies: number[] = [];
let responseTimes: number[] = [];
let phase = 0;
let sockets: Socket[] = [];
let users: BenchUser[] = [];
let mode: 'chat' | 'echo' = 'chat';
let base = '';
/** This process's first client's index over all processes: it picks the clients' source addresses. */
let firstIndex = 0;
/** People per conversation: 2 for pairs, GROUP for groups. A client's place in its own is its index modulo this. */
let groupSize = 2;
let delivered = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

function arrived(id: string, place: number) {
  const f = flights.get(id);
  if (!f || place === f.sender) return;
  const i = f.sender < 0 ? 0 : place < f.sender ? place : place - 1;
  f.arrivals[i] += 1;
  if (f.arrivals[i] !== 1) return;
  f.missing -= 1;
  delivered += 1;
  if (f.measured) latencies.push(now() - f.startedAt);
}

/** A client's name with the echo server: its index over all load processes. */
const echoKey = (i: number) => String(firstIndex + i);

/** 90 clients per loopback address (under the server's cap of 100), from 127.1.0.1 upwards. */
export function sourceAddress(index: number): string {
  const a = Math.floor(index / 90);
  return `127.1.${Math.floor(a / 250)}.${1 + (a % 250)}`;
}

async function connectAll(count: number): Promise<{ ok: number; failed: number; firstError?: string }> {
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const u = users[i];
      const options = {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
        // The server caps the sockets of one address (SOCKETS_PER_ADDRESS): spread the clients over
        // loopback source addresses (every 127.x.y.z is this machine), which also gives each its own port range.
        localAddress: sourceAddress(firstIndex + i),
        ...(mode === 'chat' ? { auth: { token: u.token }, query: { userId: u.userId } } : { query: { key: echoKey(i) } }),
      };
      // engine.io passes localAddress on to the websocket (ws) but does not declare it.
      const s = io(base, options as Parameters<typeof io>[1]);
      const place = i % groupSize;
      if (mode === 'chat' && u.groupId) {
        // Every member's sockets hear it, the sender's too (other tabs); only the others' arrivals count.
        s.on('groupMessage', ({ message: m }: GroupMessageEvent) => {
          if (m.senderId !== u.userId && m.clientMessageId) arrived(m.clientMessageId, place);
        });
      } else if (mode === 'chat') {
        // The sender's own socket hears its message too (other tabs); only the receiver's arrival counts.
        s.on('receiveMessage', (m: { messageReceiver: string; clientMessageId: string | null }) => {
          if (m.messageReceiver === u.userId && m.clientMessageId) arrived(m.clientMessageId, place);
        });
      } else {
        // Over HTTP the sender's socket hears the echo too (as in the chat); only the receiver's arrival counts.
        const key = echoKey(i);
        s.on('echo', (p: { id: string; to?: string }) => {
          if (p.to === undefined || p.to === key) arrived(p.id, place);
        });
      }
      s.once('connect', () => {
        ok += 1;
        sockets[i] = s;
        resolve();
      });
      s.once('connect_error', (err) => {
        failed += 1;
        firstError ??= err.message;
        resolve();
      });
    });
  sockets = new Array<Socket>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) await one(next++);
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return { ok, failed, firstError };
}

function post(path: string, token: string, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), authorization: `Bearer ${token}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(data);
  });
}

/** `sendMessage` with an ack: 'ok', or the ack's error. */
function viaSocket(socket: Socket, body: unknown): Promise<string> {
  return new Promise((resolve) => {
    socket
      .timeout(30_000)
      .emit('sendMessage', body, (err: Error | null, ack?: { status: string; error?: string }) =>
        resolve(err ? 'timeout' : ack?.status === 'ok' ? 'ok' : (ack?.error ?? 'error')),
      );
  });
}

async function sendAll(rate: number, durationMs: number, warmupMs: number, graceMs: number, via: 'http' | 'socket') {
  // Each phase starts clean, with client ids of its own (a reused id would be answered as a retry).
  phase += 1;
  flights = new Map();
  latencies = [];
  responseTimes = [];
  delivered = 0;
  const groups = Math.floor(sockets.length / groupSize);
  const rejected: Record<string, number> = {};
  let sent = 0;
  let accepted = 0;
  const inFlight = new Set<Promise<void>>();
  const start = now();
  const track = (f: Flight, answered: Promise<number | string>) => {
    const done = answered.then((status) => {
      if (f.measured) responseTimes.push(now() - f.startedAt);
      if (status === 201 || status === 'ok') {
        f.accepted = true;
        accepted += 1;
      } else {
        f.rejected = true;
        rejected[status] = (rejected[status] ?? 0) + 1;
      }
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const sendOne = (seq: number) => {
    const id = `${process.pid}-${phase}-${seq}`;
    const startedAt = now();
    const echoed = mode === 'echo' && via === 'socket';
    // Groups take turns, and within each its members: every one sends in turn, as the two of a pair alternate.
    const g = seq % groups;
    const turn = Math.floor(seq / groups) % groupSize;
    const receivers = echoed ? 1 : groupSize - 1;
    const f: Flight = {
      startedAt,
      measured: startedAt - start >= warmupMs,
      accepted: false,
      rejected: false,
      sender: echoed ? -1 : turn,
      arrivals: new Uint8Array(receivers),
      missing: receivers,
    };
    flights.set(id, f);
    sent += 1;
    if (echoed) {
      sockets[seq % sockets.length].emit('echo', { id, text: 'x'.repeat(40) });
      f.accepted = true;
      accepted += 1;
      return;
    }
    if (mode === 'echo') {
      // The same pairs and turns as the chat, the same body size, no token to check.
      const body = { from: echoKey(2 * g + turn), to: echoKey(2 * g + 1 - turn), id, text: `benchmark message ${seq} from someone` };
      track(f, post('/echo', '', body));
      return;
    }
    const from = users[groupSize * g + turn];
    if (from.groupId) {
      if (via === 'socket') throw new Error('Groups are written to over HTTP only: the contract has no socket send for them.');
      const body = { messageText: `benchmark message ${seq} from ${from.userName}`, clientMessageId: id };
      track(f, post(`/api/v1/chats/groups/${from.groupId}/messages`, from.token, body));
      return;
    }
    const to = users[2 * g + 1 - turn];
    const body = {
      messageSenderUsername: from.userName,
      messageReceiverUsername: to.userName,
      messageContent: `benchmark message ${seq} from ${from.userName}`,
      clientMessageId: id,
    };
    track(f, via === 'http' ? post('/api/v1/chats/send', from.token, body) : viaSocket(sockets[2 * g + turn], body));
  };

  let seq = 0;
  while (now() - start < durationMs) {
    const due = Math.floor(((now() - start) / 1000) * rate);
    while (seq < due) sendOne(seq++);
    await sleep(2);
  }
  await Promise.all([...inFlight]);
  const graceEnd = now() + graceMs;
  const undelivered = () => [...flights.values()].some((f) => f.accepted && f.missing > 0);
  while (now() < graceEnd && undelivered()) await sleep(50);
  let lost = 0;
  let duplicated = 0;
  for (const f of flights.values()) {
    if (f.accepted) lost += f.missing;
    for (const n of f.arrivals) if (n > 1) duplicated += n - 1;
  }
  return { latencies, responseTimes, sent, accepted, rejected, lost, duplicated, delivered };
}

process.on('message', (msg: ToLoad) => {
  if (msg.type === 'connect') {
    mode = msg.mode;
    base = msg.url;
    firstIndex = msg.firstIndex;
    groupSize = msg.groupSize;
    users = msg.users;
    void connectAll(msg.count).then((r) => reply({ type: 'connected', ...r }));
  } else if (msg.type === 'send') {
    void sendAll(msg.rate, msg.durationMs, msg.warmupMs, msg.graceMs, msg.via).then((r) => reply({ type: 'done', ...r }));
  } else if (msg.type === 'exit') {
    for (const s of sockets) s?.close();
    agent.destroy();
    setTimeout(() => process.exit(0), 100);
  }
});
