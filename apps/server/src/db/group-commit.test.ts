/** Group commit's batching: what a window gathers into one batch, and how long a lone message waits. */
import { describe, expect, it } from 'vitest';
import type { NewMessage } from './tables/chat';
import { groupCommit, type BatchRunner } from './group-commit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A runner that records each batch's size and answers "written" for every row after `tookMs`. */
function recordingRunner(tookMs = 0) {
  const batches: number[] = [];
  const runner: BatchRunner<NewMessage, { written: boolean; firstInConversation: boolean }> = {
    async run(rows) {
      batches.push(rows.length);
      if (tookMs) await new Promise((r) => setTimeout(r, tookMs));
      return rows.map(() => ({ ok: { written: true, firstInConversation: false } }));
    },
    close: async () => undefined,
  };
  return { runner, batches };
}

const row = (n: number): NewMessage => ({
  id: `m${n}`,
  pair_key: 'a:b',
  sender_id: 'a',
  receiver_id: 'b',
  client_message_id: `c${n}`,
  text: `message ${n}`,
  created_at: new Date().toISOString(),
  read_at: null,
});

describe('group commit', () => {
  it('gathers what arrives within a window after a batch went into the next batch', async () => {
    const { runner, batches } = recordingRunner();
    const writer = groupCommit(runner, { windowMs: 40 });
    const sends = [writer.insert(row(1))];
    await sleep(5);
    sends.push(writer.insert(row(2)));
    await sleep(5);
    sends.push(writer.insert(row(3)));
    await sleep(5);
    sends.push(writer.insert(row(4)));
    const results = await Promise.all(sends);
    expect(results.every((r) => r.written)).toBe(true);
    expect(batches).toEqual([1, 3]);
  });

  it('without a window writes what arrived in separate turns as separate batches', async () => {
    const { runner, batches } = recordingRunner();
    const writer = groupCommit(runner);
    await writer.insert(row(1));
    await writer.insert(row(2));
    expect(batches).toEqual([1, 1]);
  });

  it('lets a message that finds the writer idle go at once, and the next within the window wait for it', async () => {
    const { runner } = recordingRunner();
    const writer = groupCommit(runner, { windowMs: 100 });
    let began = performance.now();
    await writer.insert(row(1));
    expect(performance.now() - began).toBeLessThan(50);
    began = performance.now();
    await writer.insert(row(2));
    expect(performance.now() - began).toBeGreaterThanOrEqual(50);
    await sleep(110);
    began = performance.now();
    await writer.insert(row(3));
    expect(performance.now() - began).toBeLessThan(50);
  });

  it('sends what queued behind a batch slower than the window the moment it returns', async () => {
    const { runner, batches } = recordingRunner(60);
    const writer = groupCommit(runner, { windowMs: 10 });
    const first = writer.insert(row(1));
    await sleep(15); // the first batch is out and takes 60 ms
    const queued = [writer.insert(row(2)), writer.insert(row(3))];
    await first;
    const returned = performance.now();
    await Promise.all(queued);
    expect(batches).toEqual([1, 2]);
    // Only the second batch's own 60 ms, no window on top.
    expect(performance.now() - returned).toBeLessThan(60 + 25);
  });

  it('answers what queued behind a batch the database could not write with that batch, not a timeout later each', async () => {
    const batches: number[] = [];
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const runner: BatchRunner<NewMessage, { written: boolean }> = {
      async run(rows) {
        batches.push(rows.length);
        await sleep(60);
        throw timedOut;
      },
      close: async () => undefined,
    };
    const writer = groupCommit(runner, { failsEveryone: (err) => err === timedOut });
    const began = performance.now();
    const first = writer.insert(row(1)).catch((err: unknown) => err);
    await sleep(15);
    const queued = [writer.insert(row(2)), writer.insert(row(3))].map((p) => p.catch((err: unknown) => err));
    expect(await Promise.all([first, ...queued])).toEqual([timedOut, timedOut, timedOut]);
    expect(batches).toEqual([1]);
    expect(performance.now() - began).toBeLessThan(60 + 40);
  });

  it('writes what is queued before it closes', async () => {
    const { runner, batches } = recordingRunner();
    const writer = groupCommit(runner, { windowMs: 50 });
    const pending = writer.insert(row(1));
    await writer.close();
    expect((await pending).written).toBe(true);
    expect(batches).toEqual([1]);
  });
});
