import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, nowIso } from './ids';

describe('ids and times', () => {
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
});
