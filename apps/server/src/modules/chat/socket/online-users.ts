/**
 * `onlineUsers`: each user sees which of their friends and chat partners are online (and themselves).
 * When someone comes or goes, the people in their audience who are online get a fresh list, coalesced:
 * changes gather for up to a second and each recipient gets one list per flush; someone who came online
 * gets theirs too. Nobody else is told.
 */
import type { Presence } from '../../../realtime/presence';
import { userRoom, type PlazaServer, type PlazaSocket } from '../../../realtime/server';
import type { AudienceCache } from './audience-cache';

export const ONLINE_USERS_FLUSH_MS = 1000;

export interface OnlineUsersBroadcaster {
  /** The caller's own list, straight to that socket (on connect). */
  sendOwnList(socket: PlazaSocket): Promise<void>;
  /** Two users talked for the first time: each may now see the other. */
  pairTalked(a: string, b: string): void;
  /** Their friendship changed: forget their cached audiences and send them fresh lists. */
  relationChanged(a: string, b: string): void;
  stop(): void;
}

export function onlineUsersBroadcaster(
  io: PlazaServer,
  presence: Presence,
  audience: AudienceCache,
  log: (err: unknown) => void,
): OnlineUsersBroadcaster {
  const flipped = new Set<string>();
  const resend = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let flushing = false;
  let stopped = false;

  const schedule = () => {
    if (!timer && !stopped) timer = setTimeout(() => void flush(), ONLINE_USERS_FLUSH_MS);
  };

  async function listsFor(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const audiences = await audience.get(userIds);
    const everyone = new Set<string>();
    for (const ids of audiences.values()) for (const id of ids) everyone.add(id);
    const online = await presence.onlineAmong([...everyone]);
    return new Map(userIds.map((id) => [id, [id, ...[...(audiences.get(id) ?? [])].filter((x) => online.has(x))]]));
  }

  async function flush() {
    timer = null;
    if (flushing) return schedule();
    flushing = true;
    try {
      const changed = [...flipped];
      const recipients = new Set(resend);
      flipped.clear();
      resend.clear();
      audience.sweep();
      for (const ids of (await audience.get(changed)).values()) for (const id of ids) recipients.add(id);
      // The people who came online get their own list too. A connect sends one (sendOwnList), but a node
      // writing its people back after a Redis outage does not: whoever was written back after a friend
      // would keep a list from when that friend counted as offline.
      for (const id of changed) recipients.add(id);
      if (recipients.size === 0) return;
      const online = await presence.onlineAmong([...recipients]);
      const lists = await listsFor([...recipients].filter((id) => online.has(id)));
      for (const [id, list] of lists) io.to(userRoom(id)).emit('onlineUsers', list);
    } catch (err) {
      log(err);
    } finally {
      flushing = false;
    }
  }

  const unsubscribe = presence.onChange((userId) => {
    flipped.add(userId);
    schedule();
  });

  return {
    async sendOwnList(socket) {
      const lists = await listsFor([socket.data.userId]);
      socket.emit('onlineUsers', lists.get(socket.data.userId) ?? [socket.data.userId]);
    },
    pairTalked(a, b) {
      audience.addPair(a, b);
      resend.add(a).add(b);
      schedule();
    },
    relationChanged(a, b) {
      audience.forget(a, b);
      resend.add(a).add(b);
      schedule();
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
