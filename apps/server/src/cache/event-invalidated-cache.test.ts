import { describe, expect, it } from 'vitest';
import { EventBus } from '../lib/events';
import { EventInvalidatedCache } from './event-invalidated-cache';
import pino from 'pino';

describe('a cache invalidated by events', () => {
  const bus = () => new EventBus(pino({ level: 'silent' }));

  it('does not keep what was read while an entry was dropped', () => {
    const cache = new EventInvalidatedCache<string, string>(bus(), 10);
    const since = cache.begin();
    cache.forget('someone else');
    cache.keep('alice', 'id-1', since);
    expect(cache.get('alice')).toBeUndefined();
    cache.keep('alice', 'id-1', cache.begin());
    expect(cache.get('alice')).toBe('id-1');
  });

  it('keeps nothing while other servers’ changes could be missed, and starts empty when they are heard again', () => {
    const events = bus();
    const cache = new EventInvalidatedCache<string, boolean>(events, 10);
    cache.keep('pair', false, cache.begin());
    events.setRelayListening(false);
    expect(cache.get('pair')).toBeUndefined();
    cache.keep('pair', false, cache.begin());
    expect(cache.get('pair')).toBeUndefined();
    events.setRelayListening(true);
    cache.keep('pair', true, cache.begin());
    expect(cache.get('pair')).toBe(true);
  });

  it('drops an entry its maximum age after it was cached', async () => {
    const cache = new EventInvalidatedCache<string, string>(bus(), 10, undefined, 30);
    cache.keep('alice', 'reply', cache.begin());
    expect(cache.get('alice')).toBe('reply');
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('alice')).toBeUndefined();
  });
});
