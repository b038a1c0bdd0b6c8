/**
 * The socket.io server: authenticated handshake, one personal room `user:<id>` per socket, presence,
 * and the bridge from domain events to emits. With REDIS_URL, a Redis Streams adapter makes several
 * nodes act as one and presence lives in Redis. Feature modules add their event handlers through `features`.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@plaza/contract';
import type { Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Counter } from 'prom-client';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import { createPresence, type Presence } from './presence';
import { memoryPresenceStore, redisPresenceStore } from './presence-store';
import { streamsAdapter, type StreamsAdapter } from './redis';
import { resyncAfterRedis } from './resync';
import { closeRealtime, releaseSockets } from './shutdown';
import { sessionSockets } from './session-sockets';

export interface SocketData {
  userId: string;
  sessionId: string;
  /** When the access token the socket last presented expires (ms since the epoch). */
  expiresAt: number;
  /** The client's address, as TRUST_PROXY decides it. */
  address: string;
}

export type PlazaServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type PlazaSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What features get besides the server: the app's context and presence. */
export interface RealtimeServices {
  ctx: AppContext;
  presence: Presence;
}

/** A feature's realtime part: called once with the server, and once per connected socket. */
export interface RealtimeFeature {
  setup?(io: PlazaServer, services: RealtimeServices): void | (() => void | Promise<void>);
  onConnection?(socket: PlazaSocket, io: PlazaServer, services: RealtimeServices): void;
}

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * The personal rooms of `userIds`, or null when there are none: socket.io's `to([])` is no room at all and
 * reaches every socket, so a list that can be empty goes through here.
 */
export const userRooms = (userIds: readonly string[]): string[] | null => (userIds.length > 0 ? userIds.map(userRoom) : null);

/** A socket whose node stops refreshing it counts as gone after this long (Redis presence only). */
export const PRESENCE_TTL_MS = 60_000;

/** socket.io on Plaza's HTTP server, through the Redis streams adapter when there are other nodes to reach. */
function socketServer(httpServer: HttpServer, config: AppContext['config'], streams: StreamsAdapter | null): PlazaServer {
  return new Server(httpServer, {
    path: '/socket.io',
    cors: config.corsOrigins.length ? { origin: config.corsOrigins, credentials: true } : undefined,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
    // Chat frames are small: compressing them costs more CPU and per-socket memory than it saves.
    perMessageDeflate: false,
    httpCompression: false,
    // No connection-state recovery: a socket that comes back is a new session, and the clients refetch what
    // pushes keep fresh after every connect (docs/decisions/realtime-reconnection.md). Recovery kept every
    // broadcast on the heap for its window: garbage that cost the chat CPU and its longest pauses.
    ...(streams ? { adapter: streams.adapter } : {}),
  });
}

export function createRealtime(
  httpServer: HttpServer,
  ctx: AppContext,
  features: RealtimeFeature[],
): {
  io: PlazaServer;
  presence: Presence;
  /** Whether cross-node delivery works from here: always alone; with Redis, once the adapter reads the stream. */
  crossNodeReady(): boolean;
  releaseSockets(): Promise<void>;
  close(): Promise<void>;
} {
  const { redis } = ctx;
  const deliveryErrors = new Counter({
    name: 'plaza_redis_delivery_errors_total',
    help: 'Cross-node socket deliveries through Redis that failed: publish (emits other nodes missed) or read',
    labelNames: ['direction'] as const,
    registers: [ctx.metrics.registry],
  });
  const resync = redis ? resyncAfterRedis(redis, deliveryErrors) : null;
  const streams = redis ? streamsAdapter(redis, ctx.config.redisKeyPrefix, resync?.failed) : null;
  const io = socketServer(httpServer, ctx.config, streams);

  const log = ctx.log.child({ part: 'realtime' });
  const logPresence = (err: unknown) => log.error({ err }, 'presence store failed');
  const presence = createPresence(
    redis
      ? redisPresenceStore(redis, ctx.config.redisKeyPrefix, { nodeId: randomUUID(), socketTtlMs: PRESENCE_TTL_MS, log: logPresence })
      : memoryPresenceStore(),
    logPresence,
  );
  const services: RealtimeServices = { ctx, presence };

  // The handshake, session revocation, token expiry and the socket caps (session-sockets.ts).
  const sessions = sessionSockets(io, ctx);

  const teardowns: Array<() => void | Promise<void>> = [() => sessions.close()];
  if (resync) teardowns.push(resync.start(io));
  for (const f of features) {
    const t = f.setup?.(io, services);
    if (t) teardowns.push(t);
  }

  const disconnects = new Counter({
    name: 'plaza_socket_disconnects_total',
    help: "Sockets gone, by socket.io's reason: transport error (a send or read failed), ping timeout, transport close, client namespace disconnect, server namespace disconnect, server shutting down",
    labelNames: ['reason'] as const,
    registers: [ctx.metrics.registry],
  });
  // One listener for every socket (socket.io calls it with the socket as `this`), not a closure each.
  function leftPresence(this: PlazaSocket, reason: string) {
    disconnects.inc({ reason });
    void presence.disconnected(this);
  }
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    sessions.onConnection(socket);
    void presence.connected(socket);
    socket.on('disconnect', leftPresence);
    for (const f of features) f.onConnection?.(socket, io, services);
  });

  if (redis) {
    // socket.io's own ping/pong drops dead peers, so every socket still here is alive: refresh them all at once.
    const timer = setInterval(() => void presence.refreshAll(io.of('/').sockets.values()), PRESENCE_TTL_MS / 3);
    timer.unref();
    teardowns.push(() => clearInterval(timer));
  }

  teardowns.push(
    ctx.events.subscribe('notificationCreated', ({ recipientId, notification }) => {
      io.to(userRoom(recipientId)).emit('notification', notification);
    }),
  );

  return {
    io,
    presence,
    crossNodeReady: () => streams?.reading() ?? true,
    releaseSockets: () => releaseSockets(io, presence),
    close: () => closeRealtime(io, presence, teardowns),
  };
}
