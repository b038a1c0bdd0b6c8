/** Redis connections as every part of the server gets them: an outage is told once, however much fails during it. */
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { redisProblem } from '../../test/redis';
import { startTcpProxy } from '../../test/tcp-proxy';
import { connectRedis, orLocally } from './redis';
import { logLines } from '../../test/log-lines';

const redisMissing = await redisProblem();

describe.skipIf(redisMissing)('Redis connections', () => {
  const closers: Array<() => unknown> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('log each outage once when it starts and once when it ends, while callers fall back locally', async () => {
    const target = new URL(REDIS_TEST_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    closers.push(() => proxy.close());
    const { lines, sink } = logLines<{ level: number; msg: string }>();
    const redis = connectRedis(`redis://127.0.0.1:${proxy.port}`, pino({ level: 'debug' }, sink), { connectMs: 500, commandMs: 500 });
    closers.push(() => redis.close());
    await redis.ready(2000);
    const ping = () =>
      orLocally(
        redis,
        async () => `remote ${await redis.commands.ping()}`,
        () => 'local',
      );
    expect(await ping()).toBe('remote PONG');

    const outages = () => lines.filter((l) => l.level === 40 && /Redis unavailable/.test(l.msg)).length;
    const recoveries = () => lines.filter((l) => l.level === 30 && /Redis available again/.test(l.msg)).length;
    for (let round = 1; round <= 2; round++) {
      proxy.cut();
      await expect.poll(() => redis.available(), { timeout: 3000 }).toBe(false);
      // Many callers during the outage: each answers locally, none adds a line.
      const answers = await Promise.all(Array.from({ length: 20 }, ping));
      expect(new Set(answers)).toEqual(new Set(['local']));
      await new Promise((r) => setTimeout(r, 1500));
      expect(outages()).toBe(round);
      proxy.restore();
      await expect.poll(() => redis.available(), { timeout: 10_000, interval: 100 }).toBe(true);
      expect(await ping()).toBe('remote PONG');
      expect(recoveries()).toBe(round);
    }
    // Nothing at error level: an outage of a helper is a warning, not a fault.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
