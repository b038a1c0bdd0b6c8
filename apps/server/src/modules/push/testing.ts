/**
 * A push service for the push suites, served by the test itself on a loopback address, and the browser side of
 * a subscription. Like a real one it checks each push's VAPID JWT (ES256 signature with the key in the request,
 * the audience, the expiry), decrypts the payload (aes128gcm, with `http_ece`) with the device's private key and
 * records it. A device can be made to answer 410 (gone) or to stall (never answer until released).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushPayloadSchema, type PushPayload, type PushSubscriptionBody } from '@plaza/contract';
import { decrypt } from 'http_ece';

export interface Device {
  /** What the browser would send to `POST /push/subscriptions`. */
  subscription: PushSubscriptionBody;
  /** Pushes decrypted for this device, in order of arrival. */
  received: PushPayload[];
  /** What the push service answers: 201, or 410 once the browser dropped the subscription, or never. */
  mode: 'ok' | 'gone' | 'stall';
}

export interface PushService {
  origin: string;
  device(): Device;
  /** Requests refused because their JWT or encryption was wrong (a test expects none). */
  rejected: string[];
  /** Requests that arrived, whatever came of them. */
  hits(): number;
  /** Requests held open right now. */
  stalledNow(): number;
  /** Answers every stalled request (503) so nothing hangs on. */
  release(): void;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Checks `vapid t=<jwt>, k=<key>` the way a push service does; answers what is wrong, or null. */
function vapidProblem(header: string | undefined, origin: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'no vapid authorization';
  const [jwt, key] = [m[1], m[2]];
  const [head, body, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'public key is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return 'bad signature';
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') return `alg ${alg}`;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return `aud ${claims.aud}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 86_400) return `exp ${claims.exp}`;
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
  return null;
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device & { ecdh: ECDH }>();
  const rejected: string[] = [];
  const stalled = new Set<ServerResponse>();
  let hits = 0;
  let origin = '';

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits++;
      const device = devices.get(req.url ?? '');
      if (!device) return void res.writeHead(404).end();
      if (device.mode === 'stall') return void stalled.add(res);
      if (device.mode === 'gone') return void res.writeHead(410).end();
      const problem = vapidProblem(req.headers.authorization, origin);
      if (problem) {
        rejected.push(problem);
        return void res.writeHead(403).end(problem);
      }
      if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.ttl) {
        rejected.push(`headers ${String(req.headers['content-encoding'])} ${String(req.headers.ttl)}`);
        return void res.writeHead(400).end();
      }
      try {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.subscription.keys.auth,
        });
        device.received.push(pushPayloadSchema.parse(JSON.parse(plain.toString('utf8'))));
        res.writeHead(201).end();
      } catch (err) {
        rejected.push(`decrypt: ${String(err)}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;

  return {
    origin,
    rejected,
    hits: () => hits,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/device-${++n}-${randomBytes(4).toString('hex')}`;
      const device = {
        ecdh,
        mode: 'ok' as Device['mode'],
        received: [] as PushPayload[],
        subscription: { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) } },
      };
      devices.set(path, device);
      return device;
    },
    stalledNow: () => [...stalled].filter((res) => !res.destroyed && !res.writableEnded).length,
    release() {
      for (const res of stalled) res.writeHead(503).end();
      stalled.clear();
    },
    async close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
