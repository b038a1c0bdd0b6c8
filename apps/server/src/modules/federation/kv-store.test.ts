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
});
