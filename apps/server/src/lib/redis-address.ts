/**
 * Where Redis is, from `REDIS_URL`: one address (`redis://` or `rediss://`, as ioredis reads it), or a
 * group watched by Sentinel, `redis+sentinel://[[user]:password@]host:port[,host:port…]/<master name>[/<db>]`
 * (the password is the Redis servers'; `?sentinelPassword=` when the Sentinels ask for one too). With
 * Sentinel, ioredis asks the Sentinels which server is the primary, and asks again when a connection to
 * it drops, so a failover needs nothing in front of Redis (docs/deploy.md, "Redis failover").
 * Every Redis connection of the server is made through `newRedis`.
 */
import { Redis, type RedisOptions } from 'ioredis';

export type RedisAddress =
  | { kind: 'url'; url: string }
  | {
      kind: 'sentinel';
      sentinels: Array<{ host: string; port: number }>;
      name: string;
      db: number;
      username?: string;
      password?: string;
      sentinelPassword?: string;
    };

const SENTINEL = /^redis\+sentinel:\/\/(?:([^@/]*)@)?([^/?#]+)\/([^/?#]+)(?:\/(\d+))?\/?(?:\?([^#]*))?$/;
const DEFAULT_SENTINEL_PORT = 26379;

/** Reads `REDIS_URL`; throws a plain message when it cannot be read. */
export function parseRedisUrl(url: string): RedisAddress {
  if (/^rediss?:\/\//.test(url)) return { kind: 'url', url };
  if (!url.startsWith('redis+sentinel://'))
    throw new Error(
      'REDIS_URL must start with redis://, rediss:// or redis+sentinel:// (Sentinel: redis+sentinel://host:26379,host:26379/mymaster)',
    );
  const m = SENTINEL.exec(url);
  if (!m) throw new Error('REDIS_URL with Sentinel reads redis+sentinel://[:password@]host:port[,host:port…]/<master name>[/<db>]');
  const [, auth, hosts, name, db, query] = m;
  const sentinels = hosts.split(',').map((h) => {
    const hm = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(h.trim());
    if (!hm) throw new Error(`REDIS_URL: "${h}" is not a Sentinel address (host or host:port)`);
    return { host: hm[1].replace(/^\[|\]$/g, ''), port: hm[2] ? Number(hm[2]) : DEFAULT_SENTINEL_PORT };
  });
  const colon = auth?.indexOf(':') ?? -1;
  const username = auth && colon > 0 ? decodeURIComponent(auth.slice(0, colon)) : undefined;
  const password = auth && colon >= 0 ? decodeURIComponent(auth.slice(colon + 1)) : undefined;
  const sentinelPassword = new URLSearchParams(query ?? '').get('sentinelPassword') ?? undefined;
  return {
    kind: 'sentinel',
    sentinels,
    name: decodeURIComponent(name),
    db: db ? Number(db) : 0,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(sentinelPassword ? { sentinelPassword } : {}),
  };
}

/** A connection to the Redis of `REDIS_URL`, with `options` on top. */
export function newRedis(url: string, options: RedisOptions): Redis {
  const address = parseRedisUrl(url);
  if (address.kind === 'url') return new Redis(url, options);
  const { kind: _kind, ...sentinel } = address;
  return new Redis({ ...options, ...sentinel });
}
