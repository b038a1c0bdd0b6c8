/**
 * The socket.io server: authenticated handshake, one personal room `user:<id>` per socket, and the
 * bridge from domain events to emits. Feature modules add their event handlers through `features`.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@plaza/contract';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import { bearerToken } from '../plugins/authenticate';

export interface SocketData {
  userId: string;
  sessionId: string;
}

export type PlazaServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type PlazaSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A feature's realtime part: called once with the server, and once per connected socket. */
export interface RealtimeFeature {
  setup?(io: PlazaServer): void | (() => void | Promise<void>);
  onConnection?(socket: PlazaSocket, io: PlazaServer): void;
}

export const userRoom = (userId: string) => `user:${userId}`;

export function createRealtime(httpServer: HttpServer, ctx: AppContext, features: RealtimeFeature[]): { io: PlazaServer; close(): Promise<void> } {
  const io: PlazaServer = new Server(httpServer, {
    path: '/socket.io',
    cors: ctx.config.corsOrigins.length ? { origin: ctx.config.corsOrigins, credentials: true } : undefined,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
    // Keeps a socket's rooms and missed packets for two minutes, so a short drop loses nothing.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token =
        (typeof auth?.token === 'string' && auth.token) || bearerToken(socket.handshake.headers.authorization) || null;
      if (!token) return next(new Error('unauthorized'));
      const claims = await ctx.auth.authenticate(token);
      const claimed = socket.handshake.query.userId;
      if (typeof claimed === 'string' && claimed !== '' && claimed !== claims.userId) return next(new Error('unauthorized'));
      socket.data.userId = claims.userId;
      socket.data.sessionId = claims.sessionId;
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  const teardowns: Array<() => void | Promise<void>> = [];
  for (const f of features) {
    const t = f.setup?.(io);
    if (t) teardowns.push(t);
  }

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    for (const f of features) f.onConnection?.(socket, io);
  });

  teardowns.push(
    ctx.events.subscribe('notificationCreated', ({ recipientId, notification }) => {
      io.to(userRoom(recipientId)).emit('notification', notification);
    }),
  );

  return {
    io,
    async close() {
      for (const t of teardowns) await t();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        // io.close also closes the HTTP server, which Fastify closes itself; resolve either way.
        setTimeout(resolve, 100).unref();
      });
    },
  };
}
