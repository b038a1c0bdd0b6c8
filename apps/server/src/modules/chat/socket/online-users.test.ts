/**
 * The `onlineUsers` lists after nodes come back from a Redis outage: each node writes its people back
 * and says they are online, one node after the other. Someone written back after their friend must still
 * learn that the friend is online, although their own socket never dropped (no connect sends them a list).
 */
import { describe, expect, it } from 'vitest';
import type { Presence, PresenceListener } from '../../../realtime/presence';
import type { PlazaServer } from '../../../realtime/server';
import type { AudienceCache } from './audience-cache';
import { ONLINE_USERS_FLUSH_MS, onlineUsersBroadcaster } from './online-users';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function world(friends: Record<string, string[]>) {
  const online = new Set<string>();
  const listeners = new Set<PresenceListener>();
  const presence = {
    onlineAmong: async (ids: readonly string[]) => new Set(ids.filter((id) => online.has(id))),
    onChange(listener: PresenceListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as Presence;
  const audience: AudienceCache = {
    get: async (ids) => new Map(ids.map((id) => [id, new Set(friends[id] ?? [])])),
    addPair: () => undefined,
    forget: () => undefined,
    sweep: () => undefined,
  };
  /** The last list each user's room was sent. */
  const lists = new Map<string, string[]>();
  const io = {
    to: (room: string) => ({ emit: (_event: string, list: string[]) => lists.set(room.replace(/^user:/, ''), list) }),
  } as unknown as PlazaServer;
  const broadcaster = onlineUsersBroadcaster(io, presence, audience, (err) => {
    throw err;
  });
  /** A node writes the user back into shared presence and says so. */
  const writtenBack = (id: string) => {
    online.add(id);
    for (const l of listeners) l(id, true);
  };
  return { lists, writtenBack, stop: () => broadcaster.stop() };
}

describe('onlineUsers after the nodes write their people back', () => {
  it('tells someone written back after their friend that the friend is online', async () => {
    const w = world({ ana: ['ben'], ben: ['ana'] });
    try {
      // Ana's node is back first: Ben, not yet written back, counts as offline and gets nothing.
      w.writtenBack('ana');
      await sleep(ONLINE_USERS_FLUSH_MS + 200);
      // Ben's node next: Ana hears Ben is online, and Ben must hear that Ana is.
      w.writtenBack('ben');
      await sleep(ONLINE_USERS_FLUSH_MS + 200);
      expect(w.lists.get('ana')).toContain('ben');
      expect(w.lists.get('ben')).toContain('ana');
    } finally {
      w.stop();
    }
  });
});
