import { describe, expect, it } from 'vitest';
import { writeTurns } from './write-turns';

const tick = () => new Promise((r) => setImmediate(r));

describe('turns at the write lock between the chat writer and background writes', () => {
  it('runs a background write at once when no chat batch is out', async () => {
    const turns = writeTurns();
    await expect(turns.background(async () => 'done')).resolves.toBe('done');
  });

  it('starts a background write when the last chat batch out is answered, before the chat hands over its next', async () => {
    const turns = writeTurns({ maxWaitMs: 60_000 });
    const log: string[] = [];
    const answered = turns.out();
    const background = turns.background(async () => {
      log.push('background began');
      await tick();
      log.push('background done');
    });
    await tick();
    expect(log).toEqual([]);
    answered();
    // The chat's next batch, asked for right after the answer: it waits for the background write.
    const next = turns.chatMayGo();
    expect(next).not.toBeNull();
    void next!.then(() => log.push('chat batch handed over'));
    await background;
    await tick();
    expect(log).toEqual(['background began', 'background done', 'chat batch handed over']);
    expect(turns.chatMayGo()).toBeNull();
  });

  it('gives a background write its turn after maxWaitMs even while the chat keeps a batch out', async () => {
    const turns = writeTurns({ maxWaitMs: 30 });
    turns.out();
    const started = Date.now();
    await expect(turns.background(async () => 'anyway')).resolves.toBe('anyway');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('lets the chat go once every background write under way is done, whether or not it failed', async () => {
    const turns = writeTurns();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = turns.background(async () => {
      await held;
      throw new Error('batch failed');
    });
    const other = turns.background(() => held);
    const chat = turns.chatMayGo();
    expect(chat).not.toBeNull();
    release();
    await expect(failing).rejects.toThrow('batch failed');
    await other;
    await expect(chat).resolves.toBeUndefined();
    expect(turns.chatMayGo()).toBeNull();
  });
});
