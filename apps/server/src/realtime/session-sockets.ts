/**
 * A socket belongs to a session, and lives no longer than it: the handshake checks the session in the
 * database; a revoked session (logout, password change, a reused refresh token, `revokeAllSessions`)
 * has its sockets disconnected on every server, through the adapter's rooms; a socket whose access
 * token expired must send a fresh one (`reauthenticate`) within the grace period or is cut. Also the
 * caps: SOCKET_LIMITS.perUser sockets a user (the newest pushes out the oldest), SOCKETS_PER_ADDRESS
 * sockets and SOCKET_HANDSHAKES_PER_ADDRESS handshakes per ten seconds an address (docs/deploy.md), and
 * one event budget per user.
 */
import { CHAT_ACK_ERRORS, clientEventSchemas, SOCKET_LIMITS, type AckResult, type SessionEndReason } from '@plaza/contract';
import type { AppContext } from '../context';
import { handshakeRefusal } from './handshake-refusal';
import { bearerToken } from '../plugins/authenticate';
import { clientAddressOf } from '../security/trust-proxy';
import { userEventBudget } from './event-limit';
import { userRoom, type PlazaServer, type PlazaSocket } from './server';
import { Counter } from 'prom-client';
import { addressHandshakeRate, addressSocketCap, userSocketCap } from './socket-caps';

/** What a handshake refused for too many sockets from one address says in `connect_error`. */
export const TOO_MANY_CONNECTIONS = 'too_many_connections';

function answer(ack: unknown, error?: AckResult['error']) {
  if (typeof ack === 'function') (ack as (r: AckResult) => void)(error ? { status: 'error', error } : { status: 'ok' });
}

// Long: a factory; each handler is short and shares the sockets and timers kept here.
export function sessionSockets(io: PlazaServer, ctx: AppContext) {
  const log = ctx.log.child({ part: 'session-sockets' });
  const graceMs = ctx.config.socketReauthGraceSeconds * 1000;
  const addressOf = clientAddressOf(ctx.config.trustProxy);
  const perUser = userSocketCap(ctx.redis, ctx.config.redisKeyPrefix, SOCKET_LIMITS.perUser, log);
  const perAddress = addressSocketCap(ctx.config.socketsPerAddress.sockets);
  const handshakes = addressHandshakeRate(ctx.config.socketsPerAddress.handshakesPer10s);
  const refusals = new Counter({
    name: 'plaza_socket_handshake_refusals_total',
    help: 'Socket handshakes refused, by reason (unauthorized, unavailable, too_many_connections)',
    labelNames: ['reason'] as const,
    registers: [ctx.metrics.registry],
  });
  const refuse = (err: Error) => {
    refusals.inc({ reason: err.message });
    return err;
  };
  const budget = userEventBudget();
  const expiryTimers = new Map<string, NodeJS.Timeout>();

  // The timers' callbacks are shared and get the socket as an argument: no closure per socket.
  function cutIfStillExpired(socket: PlazaSocket, expiresAt: number) {
    if (socket.data.expiresAt === expiresAt) socket.disconnect(true);
  }
  function warnExpired(socket: PlazaSocket, expiresAt: number) {
    socket.emit('reauthenticateRequired', { deadline: new Date(expiresAt + graceMs).toISOString() });
    const cut = setTimeout(cutIfStillExpired, graceMs, socket, expiresAt);
    cut.unref();
    expiryTimers.set(socket.id, cut);
  }

  /** Warns the socket when its token expires, and cuts it when the grace period after that is over. */
  function watchExpiry(socket: PlazaSocket) {
    clearTimeout(expiryTimers.get(socket.id));
    const { expiresAt } = socket.data;
    const warn = setTimeout(warnExpired, Math.max(0, expiresAt - Date.now()), socket, expiresAt);
    warn.unref();
    expiryTimers.set(socket.id, warn);
  }

  // Every socket's listeners are these two functions; socket.io calls them with the socket as `this`.
  function onReauthenticate(this: PlazaSocket, payload: unknown, ack?: unknown) {
    reauthenticate(this, payload, ack);
  }
  function reauthenticate(socket: PlazaSocket, payload: unknown, ack?: unknown) {
    const parsed = clientEventSchemas.reauthenticate.safeParse(payload);
    if (!parsed.success) return answer(ack, CHAT_ACK_ERRORS.invalid);
    ctx.auth.authenticateSocket(parsed.data.token).then(
      (claims) => {
        if (claims.userId !== socket.data.userId || socket.disconnected) return answer(ack, CHAT_ACK_ERRORS.unauthorized);
        socket.data.sessionId = claims.sessionId;
        socket.data.expiresAt = claims.expiresAt;
        watchExpiry(socket);
        answer(ack);
      },
      () => answer(ack, CHAT_ACK_ERRORS.unauthorized),
    );
  }
  function onDisconnect(this: PlazaSocket) {
    clearTimeout(expiryTimers.get(this.id));
    expiryTimers.delete(this.id);
    perAddress.remove(this.data.address);
    void perUser.release(this.data.userId, this.id);
  }

  /** The handshake: a live session's access token, a `userId` query that is the token's, room at the address. */
  io.use((socket, next) => {
    void (async () => {
      try {
        // Before any work: a flood of attempts from one address costs a counter, not a token check each.
        if (!handshakes.allow(addressOf(socket.request))) return next(refuse(new Error(TOO_MANY_CONNECTIONS)));
        const auth = socket.handshake.auth as { token?: unknown } | undefined;
        const token = (typeof auth?.token === 'string' && auth.token) || bearerToken(socket.handshake.headers.authorization) || null;
        if (!token) return next(refuse(new Error('unauthorized')));
        const claims = await ctx.auth.authenticateSocket(token);
        const claimed = socket.handshake.query.userId;
        if (typeof claimed === 'string' && claimed !== '' && claimed !== claims.userId) return next(refuse(new Error('unauthorized')));
        const address = addressOf(socket.request);
        if (perAddress.full(address)) return next(refuse(new Error(TOO_MANY_CONNECTIONS)));
        socket.data.userId = claims.userId;
        socket.data.sessionId = claims.sessionId;
        socket.data.expiresAt = claims.expiresAt;
        socket.data.address = address;
        next();
      } catch (err) {
        // A refused token is `unauthorized`; a server that could not check it answers a retryable error.
        next(refuse(handshakeRefusal(err, ctx.log)));
      }
    })();
  });

  function onConnection(socket: PlazaSocket) {
    const { userId, address } = socket.data;
    perAddress.add(address);
    socket.use(budget(userId));
    watchExpiry(socket);
    perUser.admit(userId, socket.id).then(
      (pushedOut) => {
        for (const id of pushedOut) io.in(id).disconnectSockets(true);
      },
      (err: unknown) => log.error({ err }, 'socket cap failed'),
    );

    socket.on('reauthenticate', onReauthenticate);
    socket.on('disconnect', onDisconnect);
  }

  /**
   * This process's sockets of `userId` whose session is to end. A socket's session is in its data, not in
   * a room of its own: a room per session cost every socket a set and a name on the heap.
   */
  function cutSessions(userId: string, ends: (sessionId: string) => boolean, reason: SessionEndReason) {
    const nsp = io.of('/');
    const ids = nsp.adapter.rooms.get(userRoom(userId));
    if (!ids) return;
    for (const id of [...ids]) {
      const socket = nsp.sockets.get(id);
      if (!socket || !ends(socket.data.sessionId)) continue;
      // Told first, so the app can say why; engine.io flushes it before it closes the connection.
      socket.emit('sessionEnded', { reason });
      socket.disconnect(true);
    }
  }

  // With REDIS_URL the event reaches every server over pub/sub (lib/event-relay.ts), and each cuts its
  // own sockets: quicker and surer than a broadcast through the adapter's stream.
  const stop = ctx.events.subscribe('sessionsRevoked', ({ userId, sessionIds, exceptSessionId, reason = 'signed_out' }) => {
    if (sessionIds) {
      if (sessionIds.length) cutSessions(userId, (id) => sessionIds.includes(id), reason);
      return;
    }
    cutSessions(userId, (id) => id !== exceptSessionId, reason);
  });

  return {
    onConnection,
    close() {
      stop();
      for (const t of expiryTimers.values()) clearTimeout(t);
      expiryTimers.clear();
    },
  };
}
