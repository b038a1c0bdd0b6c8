import { validate, version } from 'uuid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('ids and times', () => {
  // The ids' clock never steps back within a process: each test starts from a fresh copy of the module,
  // whatever made ids before it in this test worker.
  let newId: () => string;
  let nowIso: () => string;
  beforeEach(async () => {
    vi.resetModules();
    ({ newId, nowIso } = await import('./ids'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('nowIso follows the clock to the millisecond, though it formats once per millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.000Z') });
    expect(nowIso()).toBe('2026-11-26T10:00:00.000Z');
    expect(nowIso()).toBe('2026-11-26T10:00:00.000Z');
    vi.advanceTimersByTime(1);
    expect(nowIso()).toBe('2026-11-26T10:00:00.001Z');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    expect(nowIso()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('newId makes ids that sort in the order they were made, within one millisecond too', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.000Z') });
    const ids = Array.from({ length: 1000 }, newId);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
  });

  it('newId is a UUIDv7 whose first 48 bits are the clock in milliseconds', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.123Z') });
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.parse('2026-11-26T10:00:00.123Z'));
  });

  it('newId keeps its order and never repeats, across many ids a millisecond and a clock that steps back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T11:00:00.000Z') });
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      ids.push(newId());
      if (i % 5_000 === 4_999) vi.setSystemTime(Date.now() + 1);
    }
    vi.setSystemTime(new Date('2026-11-26T10:59:59.000Z'));
    for (let i = 0; i < 100; i++) ids.push(newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // Ids of different milliseconds differ in their random part too, not only in the clock.
    vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
    const tails = new Set(Array.from({ length: 200 }, () => (vi.advanceTimersByTime(1), newId().slice(24))));
    expect(tails.size).toBe(200);
  });
});
