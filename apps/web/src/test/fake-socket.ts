/** A socket whose server side the test plays, handed to the code as `live.socket` (test/live-socket.ts). */
import { live } from './live-socket';

type Listener = (payload: unknown) => void;

/** Just enough of a socket (listeners, and the server's side sending one event), set as `live.socket`. */
export function fakeLiveSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    on: (event: string, fn: Listener) => listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
    off: (event: string, fn: Listener) => listeners.get(event)?.delete(fn),
  };
  live.socket = socket;
  return {
    serverSends: (event: string, payload: unknown) => [...(listeners.get(event) ?? [])].forEach((fn) => fn(payload)),
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
}
