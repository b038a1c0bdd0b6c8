/**
 * The tab's current socket, as the features see it. socket.io's client (~40 KB) is not part of the
 * signed-in app's start: `socket-connection.ts` is loaded once the first screen has painted
 * (`SocketLifecycle`) and puts the socket here, so this module, which every feature imports, holds only
 * the reference and lets components re-render when the socket arrives.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@plaza/contract';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

export type PlazaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: PlazaSocket | null = null;
const watchers = new Set<() => void>();

function watchSocket(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function getSocket(): PlazaSocket | null {
  return current;
}

/** Set by `socket-connection.ts` on connecting (`null` on disconnecting); components using `useSocket` re-render. */
export function setSocket(next: PlazaSocket | null): void {
  if (next === current) return;
  current = next;
  for (const watcher of [...watchers]) watcher();
}

/** The current socket in a component: `null` until the connection module has loaded, then the socket. */
export function useSocket(): PlazaSocket | null {
  return useSyncExternalStore(watchSocket, getSocket, getSocket);
}

/** The socket, at once when there is one, else when it arrives; `null` if `until` settles first. */
export function whenSocket(until: Promise<unknown>): Promise<PlazaSocket | null> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = watchSocket(() => {
      if (!current) return;
      stop();
      resolve(current);
    });
    void until.then(
      () => {
        stop();
        resolve(null);
      },
      () => {
        stop();
        resolve(null);
      },
    );
  });
}

/** Hands the socket the access token of a refresh, so it is not cut when the old one expires. */
export function reauthenticateSocket(token: string | null): void {
  if (token && current?.connected) current.emit('reauthenticate', { token });
}
