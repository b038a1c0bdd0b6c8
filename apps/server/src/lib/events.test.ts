import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logLines } from '../../test/log-lines';
import { EventBus } from './events';

function busWithLog() {
  const { lines: errors, sink } = logLines<{ event?: string; err?: { message?: string } }>();
  return { bus: new EventBus(pino({ level: 'error' }, sink)), errors };
}

describe('the event bus', () => {
  it('never throws a handler’s failure back at the publisher, and logs it with the event’s name', async () => {
    const { bus, errors } = busWithLog();
    const seen: string[] = [];
    bus.subscribe('postChanged', () => {
      throw new Error('sync failure');
    });
    bus.subscribe('postChanged', async () => {
      throw new Error('async failure');
    });
    bus.subscribe('postChanged', ({ postId }) => void seen.push(postId));
    expect(() => bus.publish('postChanged', { postId: 'p1' })).not.toThrow();
    await bus.settled();
    expect(seen).toEqual(['p1']);
    expect(errors.map((e) => [e.event, e.err?.message])).toEqual([
      ['postChanged', 'sync failure'],
      ['postChanged', 'async failure'],
    ]);
  });

  it('settles only once the work started by events published meanwhile is done too', async () => {
    const { bus } = busWithLog();
    const done: string[] = [];
    bus.subscribe('postDeleted', async ({ postId }) => {
      await new Promise((r) => setTimeout(r, 20));
      bus.publish('postChanged', { postId });
    });
    bus.subscribe('postChanged', async ({ postId }) => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(postId);
    });
    bus.publish('postDeleted', { postId: 'p2', authorId: 'a' });
    await bus.settled();
    expect(done).toEqual(['p2']);
  });

  it('delivers a recorded event to every subscriber with its id, and rejects when any of them failed', async () => {
    const { bus, errors } = busWithLog();
    const seen: string[] = [];
    bus.subscribe('postDeleted', ({ postId }, { id }) => void seen.push(`${postId}@${id}`));
    bus.subscribe('postDeleted', async () => {
      await new Promise((r) => setTimeout(r, 10));
      seen.push('slow one done');
    });
    await bus.deliver('postDeleted', { postId: 'p3', authorId: 'a' }, { id: 'e1' });
    expect(seen).toEqual(['p3@e1', 'slow one done']);

    bus.subscribe('postDeleted', () => {
      throw new Error('cannot');
    });
    await expect(bus.deliver('postDeleted', { postId: 'p4', authorId: 'a' }, { id: 'e2' })).rejects.toThrow(/1 subscriber/);
    // The others still ran; the failure is logged with the event's name.
    expect(seen).toContain('p4@e2');
    expect(errors.map((e) => [e.event, e.err?.message])).toEqual([['postDeleted', 'cannot']]);
  });

  it('stops calling a handler once unsubscribed', () => {
    const { bus } = busWithLog();
    let calls = 0;
    const stop = bus.subscribe('profileChanged', () => void calls++);
    bus.publish('profileChanged', { userId: 'u' });
    stop();
    bus.publish('profileChanged', { userId: 'u' });
    expect(calls).toBe(1);
  });
});
