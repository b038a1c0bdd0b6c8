/**
 * The one socket.io connection of a signed-in tab (SPEC §7 Realtime): websocket first, then polling;
 * authenticated with the access token; reconnection per SPEC §9. Features subscribe through `useSocketEvent`,
 * or `getSocket()` (the chat's cache entries do so while they live), never by opening their own connection.
 */
import { CHAT, operations, type ClientToServerEvents, type ServerToClientEvents } from '@plaza/contract';
import { io, type Socket } from 'socket.io-client';
import { api } from '../api/client';
import { operationPath } from '../api/operation';

export type PlazaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Refused handshakes in a row that each get a token refresh before we stop trying. */
const MAX_UNAUTHORIZED_RETRIES = 2;

let socket: PlazaSocket | null = null;
let tokenGetter: () => string | null = () => null;
let detachRecovery: (() => void) | null = null;

/**
 * What socket.io does not do by itself: a handshake refused as `unauthorized` (an expired access token)
 * is not retried, and a manager that spent its reconnection attempts stays down. The first is fixed by
 * refreshing the token through `api` and connecting again; the second when the browser is back online.
 */
function attachRecovery(s: PlazaSocket): () => void {
  let unauthorizedRetries = 0;
  s.on('connect', () => {
    unauthorizedRetries = 0;
  });
  s.on('connect_error', (err) => {
    if (err.message !== 'unauthorized' || unauthorizedRetries >= MAX_UNAUTHORIZED_RETRIES) return;
    unauthorizedRetries += 1;
    // A cheap authorised call: on 401 the axios layer refreshes the token, and `auth` reads the new one.
    api.get(operationPath(operations.getMe)).then(
      () => {
        if (socket === s && s.disconnected) s.connect();
      },
      () => {},
    );
  });
  const revive = () => {
    if (socket === s && s.disconnected && document.visibilityState === 'visible') s.connect();
  };
  window.addEventListener('online', revive);
  document.addEventListener('visibilitychange', revive);
  return () => {
    window.removeEventListener('online', revive);
    document.removeEventListener('visibilitychange', revive);
  };
}

/**
 * The server cuts a socket whose access token expired unless it sends a fresh one. Refreshes send it
 * (`reauthenticateSocket`); when the tab was idle and nothing refreshed, the server's warning makes a
 * cheap authorised call, whose 401 refreshes the token, and the current token is sent either way.
 */
function attachReauthentication(s: PlazaSocket): void {
  s.on('reauthenticateRequired', () => {
    api.get(operationPath(operations.getMe)).then(
      () => reauthenticateSocket(tokenGetter()),
      () => {},
    );
  });
}

/** Hands the socket the access token of a refresh, so it is not cut when the old one expires. */
export function reauthenticateSocket(token: string | null): void {
  if (token && socket?.connected) socket.emit('reauthenticate', { token });
}

export function connectSocket(userId: string, getToken: () => string | null): PlazaSocket {
  tokenGetter = getToken;
  if (socket && (socket.io.opts.query as { userId?: string } | undefined)?.userId === userId) {
    if (socket.disconnected) socket.connect();
    return socket;
  }
  disconnectSocket();
  socket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    // Without this a failed websocket is never followed by polling.
    tryAllTransports: true,
    withCredentials: true,
    query: { userId },
    // A function, so every reconnect sends the current (possibly refreshed) access token.
    auth: (cb) => cb({ token: tokenGetter() }),
    reconnection: true,
    reconnectionAttempts: CHAT.reconnectionAttempts,
    reconnectionDelay: CHAT.reconnectionDelayMs,
    timeout: CHAT.connectTimeoutMs,
  });
  detachRecovery = attachRecovery(socket);
  attachReauthentication(socket);
  return socket;
}

export function getSocket(): PlazaSocket | null {
  return socket;
}

export function disconnectSocket(): void {
  detachRecovery?.();
  detachRecovery = null;
  socket?.disconnect();
  socket = null;
}
