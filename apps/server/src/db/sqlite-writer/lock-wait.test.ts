import { describe, expect, it } from 'vitest';
import { NO_LOCK_WAIT, whileBusy, type LockWait } from './lock-wait';

/** A clock that moves only when the waiter sleeps, and remembers each sleep. */
function fakeWait(giveUpAfterMs = 5000): LockWait & { sleeps: number[] } {
  let t = 0;
  const sleeps: number[] = [];
  return {
    giveUpAfterMs,
    retryMs: 0.25,
    sleeps,
    sleep: (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    now: () => t,
  };
}

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('waiting for the write lock on the writer thread', () => {
  it('tries again on short, even steps until the lock is free, so a batch starts within a step of its release', () => {
    const wait = fakeWait();
    let tries = 0;
    // The lock is held for 9 ms: SQLite's own busy handler would have tried at 1, 3, 8 and then 18 ms.
    const result = whileBusy(() => {
      tries += 1;
      if (wait.now() < 9) throw busy();
      return 'written';
    }, wait);
    expect(result).toBe('written');
    expect(new Set(wait.sleeps)).toEqual(new Set([0.25]));
    expect(wait.now()).toBeLessThanOrEqual(9.25);
    expect(tries).toBe(wait.sleeps.length + 1);
  });

  it('fails with SQLITE_BUSY once the whole wait is over', () => {
    const wait = fakeWait(50);
    expect(() =>
      whileBusy(() => {
        throw busy();
      }, wait),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(wait.now()).toBeGreaterThanOrEqual(50);
    expect(wait.now()).toBeLessThan(51);
  });

  it('does not retry any other error', () => {
    const wait = fakeWait();
    let tries = 0;
    expect(() =>
      whileBusy(() => {
        tries += 1;
        throw Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
      }, wait),
    ).toThrow(/FOREIGN KEY/);
    expect(tries).toBe(1);
    expect(wait.sleeps).toEqual([]);
  });

  it("without a wait of its own (writerLockWait off), answers SQLite's SQLITE_BUSY at once: its busy handler already waited", () => {
    let tries = 0;
    expect(() =>
      whileBusy(() => {
        tries += 1;
        throw busy();
      }, NO_LOCK_WAIT),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(tries).toBe(1);
  });
});
