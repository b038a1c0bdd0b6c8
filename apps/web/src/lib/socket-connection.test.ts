import { SOCKET_CLIENT } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { retryDelay } from './socket-connection';

describe('reconnect back-off', () => {
  it('doubles from one second up to the cap, spread over ±50 % so clients do not return together', () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1500);
    expect(retryDelay(3, () => 0.5)).toBe(8000);
    expect(retryDelay(30, () => 0.5)).toBe(SOCKET_CLIENT.reconnectionDelayMax);
    const spread = new Set(Array.from({ length: 20 }, () => retryDelay(2)));
    expect(spread.size).toBeGreaterThan(10);
  });

  it('connects over websocket only and never gives up', () => {
    expect(SOCKET_CLIENT.transports).toEqual(['websocket']);
    expect(SOCKET_CLIENT.reconnectionAttempts).toBe(Infinity);
  });
});
