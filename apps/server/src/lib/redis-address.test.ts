/**
 * `REDIS_URL` naming one server or a group watched by Sentinel: how it is read, what is refused at start,
 * and a real connection found through a Sentinel (`redis-server --sentinel` watching the test Redis; the
 * test says why it is skipped when either is missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { loadConfig } from '../config';
import { newRedis, parseRedisUrl } from './redis-address';

describe('REDIS_URL', () => {
  it('passes a plain address on as it is', () => {
    expect(parseRedisUrl('redis://:secret@10.0.0.5:6380/2')).toEqual({ kind: 'url', url: 'redis://:secret@10.0.0.5:6380/2' });
    expect(parseRedisUrl('rediss://cache.example:6379')).toEqual({ kind: 'url', url: 'rediss://cache.example:6379' });
  });

  it('reads a Sentinel group: its Sentinels, the primary’s name, the database and the passwords', () => {
    expect(parseRedisUrl('redis+sentinel://:s%40cret@10.0.0.21:26379,10.0.0.22,[::1]:26380/plaza-main/3?sentinelPassword=watch')).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: '10.0.0.21', port: 26379 },
        { host: '10.0.0.22', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'plaza-main',
      db: 3,
      password: 's@cret',
      sentinelPassword: 'watch',
    });
    expect(parseRedisUrl('redis+sentinel://app:pw@sentinel.internal:26379/mymaster')).toEqual({
      kind: 'sentinel',
      sentinels: [{ host: 'sentinel.internal', port: 26379 }],
      name: 'mymaster',
      db: 0,
      username: 'app',
      password: 'pw',
    });
  });

  it('refuses at start what it cannot read, saying what it expects', () => {
    const load = (url: string) => () => loadConfig({ REDIS_URL: url, JWT_SECRET: 'x'.repeat(32) });
    expect(load('redis+sentinel://10.0.0.21:26379')).toThrow(/REDIS_URL.*master name/);
    expect(load('memcached://10.0.0.5')).toThrow(/REDIS_URL must start with redis:\/\/, rediss:\/\/ or redis\+sentinel:\/\//);
    expect(loadConfig({ REDIS_URL: 'redis+sentinel://10.0.0.21:26379/mymaster', JWT_SECRET: 'x'.repeat(32) }).redisUrl).toBe(
      'redis+sentinel://10.0.0.21:26379/mymaster',
    );
  });
});

const redisMissing = await redisProblem();
const sentinelMissing = spawnSync('redis-server', ['--version']).status !== 0;
if (!redisMissing && sentinelMissing)
  console.log('Skipping the Sentinel connection test: redis-server (with --sentinel) is not installed.');

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe.skipIf(redisMissing || sentinelMissing)('a connection through Sentinel', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:sentinel:`;
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-sentinel-'));
  let sentinel: ChildProcess | null = null;
  afterAll(async () => {
    sentinel?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    await dropRedisPrefix(prefix);
  });

  it('finds the primary through the Sentinel and works on it', async () => {
    const target = new URL(REDIS_TEST_URL);
    const port = await freePort();
    const conf = path.join(dir, 'sentinel.conf');
    // Watching only: with one server and no replica there is nothing to fail over to.
    writeFileSync(
      conf,
      `port ${port}\nbind 127.0.0.1\ndaemonize no\nsentinel monitor plazatest ${target.hostname} ${target.port || 6379} 1\n`,
    );
    sentinel = spawn('redis-server', [conf, '--sentinel'], { stdio: 'ignore' });
    const redis = newRedis(`redis+sentinel://127.0.0.1:${port}/plazatest`, {
      keyPrefix: prefix,
      sentinelRetryStrategy: (times) => (times > 50 ? null : 100),
    });
    try {
      await redis.set('seen', 'through sentinel');
      const direct = newRedis(REDIS_TEST_URL, {});
      try {
        expect(await direct.get(`${prefix}seen`)).toBe('through sentinel');
      } finally {
        direct.disconnect();
      }
    } finally {
      redis.disconnect();
    }
  }, 20_000);
});
