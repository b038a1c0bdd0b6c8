/** Group commit's batching: what a window gathers into one batch, and how long a lone message waits. */
import { describe, expect, it } from 'vitest';
import type { MessageRow } from './repo';
import { groupCommit, type BatchRunner } from './message-writer';
import { sleep } from './testing';

/** A runner that records each batch's size and answers "written" for every row after `tookMs`. */
function recordingRunner(tookMs = 0) {
  const batches: number[] = [];
  const runner: BatchRunner = {
    async run(rows) {
      batches.push(rows.length);
      if (tookMs) await new Promise((r) => setTimeout(r, tookMs));
      return rows.map(() => ({ ok: { written: true, firstInConversation: false } }));
    },
    close: async () => undefined,
  };
  return { runner, batches };
}

const row = (n: number): MessageRow => ({
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
    const sends = [writer.write(row(1))];
    await sleep(5);
    sends.push(writer.write(row(2)));
    await sleep(5);
    sends.push(writer.write(row(3)));
    await sleep(5);
    sends.push(writer.write(row(4)));
    const results = await Promise.all(sends);
    expect(results.every((r) => r.written)).toBe(true);
    expect(batches).toEqual([1, 3]);
  });

  it('without a window writes what arrived in separate turns as separate batches', async () => {
    const { runner, batches } = recordingRunner();
    const writer = groupCommit(runner);
    await writer.write(row(1));
    await writer.write(row(2));
    expect(batches).toEqual([1, 1]);
  });

  it('lets a message that finds the writer idle go at once, and the next within the window wait for it', async () => {
    const { runner } = recordingRunner();
    const writer = groupCommit(runner, { windowMs: 100 });
    let began = performance.now();
    await writer.write(row(1));
    expect(performance.now() - began).toBeLessThan(50);
    began = performance.now();
    await writer.write(row(2));
    expect(performance.now() - began).toBeGreaterThanOrEqual(50);
    await sleep(110);
    began = performance.now();
    await writer.write(row(3));
    expect(performance.now() - began).toBeLessThan(50);
  });

  it('sends what queued behind a batch slower than the window the moment it returns', async () => {
    const { runner, batches } = recordingRunner(60);
    const writer = groupCommit(runner, { windowMs: 10 });
    const first = writer.write(row(1));
    await sleep(15); // the first batch is out and takes 60 ms
    const queued = [writer.write(row(2)), writer.write(row(3))];
    await first;
    const returned = performance.now();
    await Promise.all(queued);
    expect(batches).toEqual([1, 2]);
    // Only the second batch's own 60 ms, no window on top.
    expect(performance.now() - returned).toBeLessThan(60 + 25);
  });

  it('writes what is queued before it closes', async () => {
    const { runner, batches } = recordingRunner();
    const writer = groupCommit(runner, { windowMs: 50 });
    const pending = writer.write(row(1));
    await writer.close();
    expect((await pending).written).toBe(true);
    expect(batches).toEqual([1]);
  });
});
