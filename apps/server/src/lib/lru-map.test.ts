import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { EventBus } from './events';
import { EventInvalidatedCache } from '../cache/event-invalidated-cache';
import { LruMap } from './lru-map';

describe('a least-recently-used map', () => {
  it('pushes out the entry read longest ago, not the one set first', () => {
    const left: string[] = [];
    const lru = new LruMap<string, number>({ max: 3, dispose: (_v, k) => left.push(k) });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1);
    lru.set('d', 4);
    expect(left).toEqual(['b']);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
    expect(lru.size).toBe(3);
  });

  it('tells of every entry that leaves: deleted, replaced by another value, cleared; not one set again unchanged', () => {
    const left: Array<[string, number]> = [];
    const lru = new LruMap<string, number>({ max: 10, dispose: (v, k) => left.push([k, v]) });
    lru.set('a', 1);
    lru.set('a', 1);
    lru.set('a', 2);
    lru.set('b', 3);
    expect(lru.delete('b')).toBe(true);
    expect(lru.delete('b')).toBe(false);
    lru.set('c', 4);
    lru.clear();
    expect(left).toEqual([
      ['a', 1],
      ['b', 3],
      ['a', 2],
      ['c', 4],
    ]);
    expect(lru.size).toBe(0);
  });

  it('forgets an entry its ttl after its set, on reading it or on a purge, and a set starts the ttl again', () => {
    let now = 1_000;
    const left: string[] = [];
    const lru = new LruMap<string, string>({ max: 10, ttlMs: 100, now: () => now, dispose: (_v, k) => left.push(k) });
    lru.set('a', 'x');
    lru.set('b', 'y');
    now = 1_050;
    lru.set('a', 'x');
    lru.set('c', 'z');
    now = 1_100;
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('x');
    now = 1_160;
    lru.purgeStale();
    expect(left).toEqual(['b', 'a', 'c']);
    expect(lru.size).toBe(0);
  });

  it('holds no memory for the entries it does not have: twenty caches for 200,000 people each, empty', () => {
    const events = new EventBus(pino({ level: 'silent' }));
    const before = process.memoryUsage();
    const caches = Array.from({ length: 20 }, () => new EventInvalidatedCache<string, string>(events, 200_000));
    const after = process.memoryUsage();
    caches[0].keep('alice', 'id-1', caches[0].begin());
    expect(caches[0].get('alice')).toBe('id-1');
    // Arrays for every slot up front (lru-cache) take ~5.6 MB a cache here, 112 MB for the twenty.
    expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(8 * 2 ** 20);
  });
});
