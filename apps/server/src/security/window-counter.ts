/**
 * A fixed-window counter in memory: `points` per `seconds` per key, the window starting at a key's first
 * point, as rate-limiter-flexible's memory limiter counts. It keeps one record per key and renews it in
 * place when its window has passed, with no timer per window: a chat message that opens a window (most
 * do, at a person's pace) leaves no record and timer behind to outlive the young generation and become
 * work for a full collection. Records of finished windows are swept once a minute.
 */

interface Window {
  used: number;
  endsAt: number;
}

const SWEEP_EVERY_MS = 60_000;

export interface WindowCounter {
  /** Counts `points` against `key`: 0 when within the budget, otherwise the milliseconds until its window ends. */
  take(key: string, points: number): number;
}

export interface WindowCounterOptions {
  /** The clock, in milliseconds. */
  now?: () => number;
  /** Where the windows are held, by key (tests look into it). */
  windows?: Map<string, { used: number; endsAt: number }>;
}

export function windowCounter(
  budget: number,
  seconds: number,
  { now: clock = Date.now, windows = new Map<string, Window>() }: WindowCounterOptions = {},
): WindowCounter {
  const lengthMs = seconds * 1000;
  let sweptAt = 0;

  function sweep(now: number) {
    for (const [key, w] of windows) if (w.endsAt <= now) windows.delete(key);
    sweptAt = now;
  }

  return {
    take(key, points) {
      const now = clock();
      if (now - sweptAt >= SWEEP_EVERY_MS) sweep(now);
      let w = windows.get(key);
      if (!w) windows.set(key, (w = { used: 0, endsAt: now + lengthMs }));
      else if (w.endsAt <= now) {
        w.used = 0;
        w.endsAt = now + lengthMs;
      }
      w.used += points;
      return w.used <= budget ? 0 : Math.max(1, w.endsAt - now);
    },
  };
}
