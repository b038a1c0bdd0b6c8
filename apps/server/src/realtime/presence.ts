/**
 * Presence: a user is online while at least one of their sockets is. Connects and disconnects go to
 * the store; listeners hear only real flips (first socket in, last socket out), which is what the
 * `onlineUsers` broadcast coalesces.
 */
import type { PresenceStore } from './presence-store';

export interface PresenceSocket {
  id: string;
  data: { userId: string };
}

export type PresenceListener = (userId: string, online: boolean) => void;

export interface Presence {
  connected(socket: PresenceSocket): Promise<void>;
  disconnected(socket: PresenceSocket): Promise<void>;
  /** The client's `ping`: pushes the socket's expiry forward. */
  heartbeat(socket: PresenceSocket): Promise<void>;
  /** Refreshes every socket this node holds, in one batch (socket.io's own heartbeat keeps them honest). */
  refreshAll(sockets: Iterable<PresenceSocket>): Promise<void>;
  isOnline(userId: string): Promise<boolean>;
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  onChange(listener: PresenceListener): () => void;
  /** This node is stopping on purpose: its disconnects no longer count (see PresenceStore.leave). */
  leave(): Promise<void>;
  close(): Promise<void>;
}

export function createPresence(store: PresenceStore, log: (err: unknown) => void): Presence {
  const listeners = new Set<PresenceListener>();
  // Connects and disconnects still in flight, so closing waits for them instead of cutting them off.
  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };
  const tell = (userId: string, online: boolean) => {
    for (const l of listeners) l(userId, online);
  };
  const stopWatching = store.watch?.(tell);

  return {
    connected(socket) {
      const { userId } = socket.data;
      return track(
        store.add(userId, socket.id).then(
          (flipped) => void (flipped && tell(userId, true)),
          (err) => log(err),
        ),
      );
    },
    disconnected(socket) {
      const { userId } = socket.data;
      return track(
        store.remove(userId, socket.id).then(
          (flipped) => void (flipped && tell(userId, false)),
          (err) => log(err),
        ),
      );
    },
    async heartbeat(socket) {
      try {
        await store.refresh([[socket.data.userId, socket.id]]);
      } catch (err) {
        log(err);
      }
    },
    async refreshAll(sockets) {
      const all = [...sockets];
      try {
        await store.refresh(all.map((s) => [s.data.userId, s.id] as const));
      } catch (err) {
        log(err);
      }
    },
    async isOnline(userId) {
      return (await store.onlineAmong([userId])).has(userId);
    },
    onlineAmong: (userIds) => store.onlineAmong(userIds),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async leave() {
      await store.leave?.();
    },
    async close() {
      stopWatching?.();
      await Promise.allSettled([...pending]);
      listeners.clear();
      await store.close();
    },
  };
}
