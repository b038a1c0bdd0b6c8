/**
 * The one socket.io connection of a signed-in tab (product.md § Realtime events): websocket only, authenticated with
 * the access token, and never given up on: it reconnects after any disconnect, the server's own included
 * (a node stopping for a deploy), with jittered back-off so a whole cluster's clients do not come back at
 * the same instant. Features subscribe through `useSocketEvent`, or `getSocket()` (the chat's cache
 * entries do so while they live), never by opening their own connection.
 *
 * Websocket only: long-polling spreads one session over many HTTP requests that must all reach the same
 * server, which a plain round-robin balancer does not do (docs/decisions/realtime-reconnection.md).
 *
 * This module (with socket.io's client) is loaded after the first screen (`SocketLifecycle`); the socket it
 * opens is published through `./socket`, which is what features import.
 */
import { SOCKET_CLIENT } from '@plaza/contract';
import { io } from 'socket.io-client';
import { api } from '../api/client';
import { operationPath } from '../api/operation';
import { operations } from '../api/operations';
import { getSocket, reauthenticateSocket, setSocket, type PlazaSocket } from './socket';

/** Refused handshakes in a row that each get a token refresh before we stop trying. */
const MAX_UNAUTHORIZED_RETRIES = 2;
/** Our own reconnects (after a server disconnect or a handshake the server could not check): first delay and cap. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = SOCKET_CLIENT.reconnectionDelayMax;

/** The n-th retry's delay: doubling up to the cap, then spread over ±50 % so clients do not come back together. */
export function retryDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random()));
}

let tokenGetter: () => string | null = () => null;
let detachRecovery: (() => void) | null = null;

/**
 * What socket.io does not do by itself. A disconnect the server asked for (`io server disconnect`: a node
 * closing) and a handshake it refused for a reason of its own (`unavailable`: the database away for a
 * moment) are never retried by socket.io: we reconnect with back-off. A handshake refused as `unauthorized`
 * (an expired access token) is retried after refreshing the token through `api`. And a manager that gave up
 * comes back when the browser is back online or the tab visible again.
 */
function attachRecovery(s: PlazaSocket): () => void {
  let unauthorizedRetries = 0;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retryLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (getSocket() === s && s.disconnected) s.connect();
    }, retryDelay(attempt));
    attempt += 1;
  };
  s.on('connect', () => {
    unauthorizedRetries = 0;
    attempt = 0;
    clearTimeout(timer);
  });
  s.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater();
  });
  s.on('connect_error', (err) => {
    // socket.io retries what it considers a network failure by itself (`active`); the rest is ours.
    if (s.active) return;
    if (err.message !== 'unauthorized') return retryLater();
    if (unauthorizedRetries >= MAX_UNAUTHORIZED_RETRIES) return;
    unauthorizedRetries += 1;
    // A cheap authorised call: on 401 the API client refreshes the token, and `auth` reads the new one.
    api.get(operationPath(operations.getMe)).then(
      () => {
        if (getSocket() === s && s.disconnected) s.connect();
      },
      () => {},
    );
  });
  const revive = () => {
    if (getSocket() === s && s.disconnected && document.visibilityState === 'visible') s.connect();
  };
  window.addEventListener('online', revive);
  document.addEventListener('visibilitychange', revive);
  return () => {
    clearTimeout(timer);
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

export function connectSocket(userId: string, getToken: () => string | null): PlazaSocket {
  tokenGetter = getToken;
  const existing = getSocket();
  if (existing && (existing.io.opts.query as { userId?: string } | undefined)?.userId === userId) {
    if (existing.disconnected) existing.connect();
    return existing;
  }
  disconnectSocket();
  const socket: PlazaSocket = io({
    ...SOCKET_CLIENT,
    transports: [...SOCKET_CLIENT.transports],
    withCredentials: true,
    query: { userId },
    // A function, so every reconnect sends the current (possibly refreshed) access token.
    auth: (cb) => cb({ token: tokenGetter() }),
  });
  detachRecovery = attachRecovery(socket);
  attachReauthentication(socket);
  setSocket(socket);
  return socket;
}

export function disconnectSocket(): void {
  detachRecovery?.();
  detachRecovery = null;
  getSocket()?.disconnect();
  setSocket(null);
}
