import { describe, expect, it } from 'vitest';
import { windowCounter } from './window-counter';

/** A counter on a clock the test sets, and the windows it holds. */
function counterAt(budget: number, seconds: number) {
  const clock = { now: 0 };
  const windows = new Map<string, { used: number; endsAt: number }>();
  const counter = windowCounter(budget, seconds, { now: () => clock.now, windows });
  const take = (key: string, points: number, at: number) => {
    clock.now = at;
    return counter.take(key, points);
  };
  return { take, windows };
}

describe('window counter', () => {
  it('allows the budget within a window, then says how long until the window ends', () => {
    const chat = counterAt(10, 2);
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) expect(chat.take('ann', 1, t0 + i)).toBe(0);
    expect(chat.take('ann', 1, t0 + 500)).toBe(1500);
    expect(chat.take('ann', 1, t0 + 1999)).toBe(1);
    // Someone else has a budget of their own.
    expect(chat.take('bob', 1, t0 + 500)).toBe(0);
  });

  it('starts a fresh window once the last has passed, counting from that point', () => {
    const chat = counterAt(2, 2);
    const t0 = 5_000_000;
    expect(chat.take('ann', 2, t0)).toBe(0);
    expect(chat.take('ann', 1, t0 + 1000)).toBe(1000);
    expect(chat.take('ann', 1, t0 + 2000)).toBe(0);
    expect(chat.take('ann', 1, t0 + 3000)).toBe(0);
    expect(chat.take('ann', 1, t0 + 3999)).toBe(1);
  });

  it('counts several points at once, as the upload budget does', () => {
    const uploads = counterAt(30, 600);
    expect(uploads.take('ann', 29, 0)).toBe(0);
    expect(uploads.take('ann', 2, 1000)).toBe(599_000);
  });

  it('forgets the windows that ended, a minute at a time', () => {
    const chat = counterAt(10, 2);
    const t0 = 60_000;
    for (let i = 0; i < 100; i++) chat.take(`person-${i}`, 1, t0);
    expect(chat.windows.size).toBe(100);
    chat.take('late', 1, t0 + 30_000);
    expect(chat.windows.size).toBe(101);
    chat.take('later', 1, t0 + 61_000);
    expect(chat.windows.size).toBe(1);
  });
});
