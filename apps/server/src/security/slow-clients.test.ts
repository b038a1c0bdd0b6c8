import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { connectAs, sleep } from '../modules/chat/testing';

interface Drip {
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  /** Bytes of the request written before the close. */
  sent(): number;
  received(): string;
  stop(): void;
}

/** Opens a raw connection, writes `head` at once, then one byte of `rest` every `everyMs` (slowloris). */
function drip(url: string, head: string, rest: string, everyMs: number): Drip {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let sent = 0;
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => {
    // A reset while writing is one way of being cut off; `close` follows.
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('connect', () => {
    socket.write(head);
    sent = head.length;
    timer = setInterval(() => {
      if (sent - head.length >= rest.length || socket.destroyed) return;
      socket.write(rest[sent - head.length]);
      sent += 1;
    }, everyMs);
  });
  void closed.then(() => clearInterval(timer));
  return { closed, sent: () => sent, received: () => received, stop: () => socket.destroy() };
}

/** How long `p` took to settle, or `limitMs` when it had not by then. */
async function timeUntil(p: Promise<void>, limitMs: number): Promise<number> {
  const start = Date.now();
  await Promise.race([p, sleep(limitMs)]);
  return Date.now() - start;
}

describe('slow clients are cut off', () => {
  // Short limits so the attack plays out in seconds; production defaults are 10 s and 60 s.
  const t = useTestApp('sqlite', { HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '2', KEEP_ALIVE_TIMEOUT: '1' }, { listen: true });
  const open: Drip[] = [];
  afterEach(() => {
    for (const d of open.splice(0)) d.stop();
  });

  it('a body dripping one byte a second is closed soon after the request timeout', async () => {
    const body = JSON.stringify({ identifier: 'someone', password: 'x'.repeat(60) });
    const head = `POST /api/v1/auth/login HTTP/1.1\r\nHost: plaza\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const conn = drip(t.url, head, body, 1000);
    open.push(conn);
    const took = await timeUntil(conn.closed, 8000);
    // 2 s of allowance, checked every 250 ms; without a limit it would stay open for the whole 80 s body.
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(4000);
    expect(conn.sent() - head.length).toBeLessThan(5);
  });

  it('headers dripping a byte every 100 ms are closed after the headers timeout, with 408', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: y\r\n`).join('');
    const conn = drip(t.url, 'GET /healthz HTTP/1.1\r\nHost: plaza\r\n', lines, 100);
    open.push(conn);
    const took = await timeUntil(conn.closed, 8000);
    expect(took).toBeLessThan(2500);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('many slow connections at once are all cut, and the server still answers', async () => {
    const head = 'POST /api/v1/auth/login HTTP/1.1\r\nHost: plaza\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const conns = Array.from({ length: 50 }, () => drip(t.url, head, '{'.repeat(1000), 1000));
    open.push(...conns);
    const took = await timeUntil(
      Promise.all(conns.map((c) => c.closed)).then(() => undefined),
      8000,
    );
    expect(took).toBeLessThan(4000);
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
  });

  it('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const conn = drip(t.url, 'GET /healthz HTTP/1.1\r\nHost: plaza\r\nConnection: keep-alive\r\n\r\n', '', 1000);
    open.push(conn);
    const took = await timeUntil(conn.closed, 5000);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    // Node waits a second beyond the timeout it announces, so the client is the one to close first.
    expect(took).toBeLessThan(3000);
  });

  it('an upgraded socket.io connection is not a slow request: it outlives both timeouts', async () => {
    const u = await createUser(t.app);
    const socket = await connectAs(t.url, u);
    try {
      await sleep(3500);
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});
