/**
 * TRUST_PROXY → whom Fastify believes when `X-Forwarded-For` names the client. Off by default: the
 * socket's address counts, so a client cannot pick its own address and slip past per-address limits.
 */
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** `true` (every peer), a number of private-network hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** Ranges @fastify/proxy-addr knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const PRIVATE = new BlockList();
for (const [network, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, bits, 'ipv6');

function isPrivateAddress(address: string): boolean {
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  return family !== 0 && PRIVATE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export const trustProxySchema = z
  .string()
  .default('')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false, a hop count or addresses/CIDR ranges such as 10.0.0.0/8; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's `trustProxy` for the setting. Fastify refuses a bare hop count (a client that reaches the
 * server directly could then name any address), so a count here trusts that many hops only while each
 * of them is a loopback or private-network address, which a client on the internet cannot be.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address: string, hop: number) => hop < hops && isPrivateAddress(address);
}

/**
 * The client's address for a raw request (the socket.io handshake), by the same rule Fastify applies to
 * `request.ip`, so per-address limits on sockets cannot be dodged with a made-up header either.
 */
export function clientAddressOf(setting: TrustProxy): (req: IncomingMessage) => string {
  const trust = fastifyTrustProxy(setting);
  const fn = typeof trust === 'function' ? trust : trust === true ? () => true : trust ? proxyAddr.compile(trust) : () => false;
  return (req) => proxyAddr(req, fn);
}
