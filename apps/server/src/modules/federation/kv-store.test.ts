/** Fedify's key-value store on Plaza's database: prefixes, expiry and compare-and-set, on both dialects. */
import { describe, expect, it } from 'vitest';
import { dialects, useTestApp } from '../../../test/harness';
import { DatabaseKvStore } from './kv-store';

/** A Temporal.Duration as far as the store reads one. */
const ms = (n: number) => ({ total: () => n }) as never;

describe.each(dialects())('the federation key-value store (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('lists a prefix without its neighbours and forgets an expired entry', async () => {
    const kv = new DatabaseKvStore(t.app.ctx.db);
    await kv.set(['doc', 'a'], { n: 1 });
    await kv.set(['doc', 'b'], { n: 2 });
    await kv.set(['docs', 'c'], { n: 3 });
    await kv.set(['doc%', 'd'], { n: 4 });
    const listed = [];
    for await (const e of kv.list(['doc'])) listed.push(e);
    expect(listed).toEqual([
      { key: ['doc', 'a'], value: { n: 1 } },
      { key: ['doc', 'b'], value: { n: 2 } },
    ]);
    await kv.set(['short'], 'gone', { ttl: ms(-1) });
    expect(await kv.get(['short'])).toBeUndefined();
    await kv.delete(['doc', 'a']);
    expect(await kv.get(['doc', 'a'])).toBeUndefined();
  });

  it('compare-and-set wins only against the value it expects', async () => {
    const kv = new DatabaseKvStore(t.app.ctx.db);
    expect(await kv.cas(['cas'], undefined, { v: 1 })).toBe(true);
    expect(await kv.cas(['cas'], undefined, { v: 2 })).toBe(false);
    expect(await kv.cas(['cas'], { v: 9 }, { v: 2 })).toBe(false);
    expect(await kv.cas(['cas'], { v: 1 }, { v: 2 })).toBe(true);
    expect(await kv.get(['cas'])).toEqual({ v: 2 });
  });

  it("compare-and-set matches Fedify's circuit state whatever its keys' order, and deletes with undefined", async () => {
    const kv = new DatabaseKvStore(t.app.ctx.db);
    const key = ['_fedify', 'circuit', `peer.example:${dialect}`] as const;
    // As the breaker stores a circuit it half-opens ({...open, state, halfOpened}, then its version marker)…
    const stored = {
      state: 'half-open',
      failures: ['2026-01-01T00:00:00Z'],
      opened: '2026-01-01T00:00:01Z',
      __fedifyCircuitBreakerStateVersion: 1,
      halfOpened: '2026-01-01T00:00:31Z',
    };
    expect(await kv.cas(key, undefined, stored, { ttl: ms(60_000) })).toBe(true);
    // …and as it reads it back, the marker last.
    const { state, failures, opened, halfOpened } = stored;
    const asRead = { state, failures, opened, halfOpened, __fedifyCircuitBreakerStateVersion: 1 };
    expect(JSON.stringify(asRead)).not.toBe(JSON.stringify(stored));
    const reopened = { ...asRead, halfOpened: '2026-01-01T00:01:01Z' };
    expect(await kv.cas(key, asRead, reopened, { ttl: ms(60_000) })).toBe(true);
    expect(await kv.get(key)).toEqual(reopened);
    // A probe went through: the breaker closes the circuit by swapping its state for nothing.
    expect(await kv.cas(key, asRead, undefined)).toBe(false);
    expect(
      await kv.cas(key, { __fedifyCircuitBreakerStateVersion: 1, state, failures, opened, halfOpened: reopened.halfOpened }, undefined),
    ).toBe(true);
    expect(await kv.get(key)).toBeUndefined();
    expect(await kv.cas(key, undefined, undefined)).toBe(true);
    expect(await kv.cas(key, undefined, { state: 'closed', failures: [] })).toBe(true);
    // An expired entry is absent to compare-and-set as to get.
    await kv.set(['gone'], { v: 1 }, { ttl: ms(-1) });
    expect(await kv.cas(['gone'], { v: 1 }, { v: 2 })).toBe(false);
    expect(await kv.cas(['gone'], undefined, { v: 3 })).toBe(true);
    expect(await kv.get(['gone'])).toEqual({ v: 3 });
  });
});
