/** Commands sent per event-loop turn: the XADDs of the cross-node stream and flood control's counts, one write each turn. */
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL } from '../../test/global-setup';
import { dropRedisPrefix, redisProblem } from '../../test/redis';
import { createLimits } from '../security/limits';
import { connectRedis, sentPerTurn, type RedisConnections } from './redis';

const redisMissing = await redisProblem();

describe.skipIf(redisMissing)('Redis commands sent per turn', () => {
  const prefix = `plaza-test:${process.pid}:${Date.now().toString(36)}:per-turn:`;
  const closers: Array<() => unknown> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await dropRedisPrefix(prefix);
  });
  const connections = async () => {
    const c = connectRedis(REDIS_TEST_URL, pino({ level: 'silent' }));
    closers.push(() => c.close());
    await c.ready(2000);
    return c;
  };
  /** Counts the writes to the shared connection's socket. */
  const countWrites = (redis: RedisConnections) => {
    const stream = (redis.commands as unknown as { stream: { write: (...a: unknown[]) => boolean } }).stream;
    const write = stream.write.bind(stream);
    let writes = 0;
    stream.write = (...a: unknown[]) => {
      writes++;
      return write(...a);
    };
    return () => writes;
  };

  it('write the XADDs of one turn once, each caller getting its own id or error, in order', async () => {
    const redis = await connections();
    const client = sentPerTurn(redis.commands, ['xadd']);
    const stream = `${prefix}stream`;
    await redis.commands.set(`${prefix}not-a-stream`, 'x');
    const writes = countWrites(redis);

    const calls = Array.from({ length: 20 }, (_, i) =>
      i === 7 ? client.xadd(`${prefix}not-a-stream`, '*', 'n', String(i)) : client.xadd(stream, '*', 'n', String(i)),
    );
    const settled = await Promise.allSettled(calls);
    expect(writes()).toBe(1);

    expect(settled[7].status).toBe('rejected');
    expect(String((settled[7] as PromiseRejectedResult).reason)).toMatch(/WRONGTYPE/);
    const ids = settled.filter((_, i) => i !== 7).map((s) => (s as PromiseFulfilledResult<string>).value);
    const entries = await redis.commands.xrange(stream, '-', '+');
    expect(entries.map(([id]) => id)).toEqual(ids);
    expect(entries.map(([, fields]) => Number(fields[1]))).toEqual([...Array(20).keys()].filter((i) => i !== 7));
    // Other commands pass through as before.
    expect(await client.xlen(stream)).toBe(19);
  });

  it("write flood control's counts of one turn once, each user keeping their own budget", async () => {
    const redis = await connections();
    const limits = createLimits({ redis, keyPrefix: prefix, loginPerAddressAndName: 10, scale: 1, log: pino({ level: 'silent' }) });
    await limits.take('chatMessagesPerUser', 'warm-up'); // the first count loads the script
    const writes = countWrites(redis);

    const waits = await Promise.all([
      ...Array.from({ length: 12 }, () => limits.take('chatMessagesPerUser', 'busy')),
      ...Array.from({ length: 3 }, () => limits.take('chatMessagesPerUser', 'quiet')),
    ]);
    expect(writes()).toBe(1);
    // Ten in a burst, then the busy user waits; the quiet one does not.
    expect(waits.slice(0, 10).every((w) => w === 0)).toBe(true);
    expect(waits.slice(10, 12).every((w) => w > 0)).toBe(true);
    expect(waits.slice(12)).toEqual([0, 0, 0]);
  });

  it('fail each caller while Redis is down, without an unhandled rejection', async () => {
    const redis = await connections();
    const client = sentPerTurn(redis.commands, ['xadd']);
    redis.commands.disconnect();
    const settled = await Promise.allSettled([client.xadd(`${prefix}down`, '*', 'a', '1'), client.xadd(`${prefix}down`, '*', 'a', '2')]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('let flood control answer from its local budget when Redis goes down before the turn is written', async () => {
    const redis = await connections();
    const limits = createLimits({ redis, keyPrefix: prefix, loginPerAddressAndName: 10, scale: 1, log: pino({ level: 'silent' }) });
    await limits.take('chatMessagesPerUser', 'warm-up');
    const waits = Promise.all(Array.from({ length: 12 }, () => limits.take('chatMessagesPerUser', 'cut-off')));
    redis.commands.disconnect();
    const answered = await waits;
    expect(answered.slice(0, 10).every((w) => w === 0)).toBe(true);
    expect(answered.slice(10).every((w) => w > 0)).toBe(true);
  });
});
