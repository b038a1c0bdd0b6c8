/**
 * The one socket.io connection of a signed-in tab (SPEC §7 Realtime): websocket first, then polling;
 * authenticated with the access token; reconnection per SPEC §9. Features subscribe through `useSocketEvent`
 * or `getSocket()`, never by opening their own connection.
 */
import { CHAT, type ClientToServerEvents, type ServerToClientEvents } from '@plaza/contract';
import { io, type Socket } from 'socket.io-client';

export type PlazaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PlazaSocket | null = null;
let tokenGetter: () => string | null = () => null;

export function connectSocket(userId: string, getToken: () => string | null): PlazaSocket {
  tokenGetter = getToken;
  if (socket && (socket.io.opts.query as { userId?: string } | undefined)?.userId === userId) {
    if (socket.disconnected) socket.connect();
    return socket;
  }
  socket?.disconnect();
  socket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    withCredentials: true,
    query: { userId },
    // A function, so every reconnect sends the current (possibly refreshed) access token.
    auth: (cb) => cb({ token: tokenGetter() }),
    reconnection: true,
    reconnectionAttempts: CHAT.reconnectionAttempts,
    reconnectionDelay: CHAT.reconnectionDelayMs,
    timeout: CHAT.connectTimeoutMs,
  });
  return socket;
}

export function getSocket(): PlazaSocket | null {
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}
