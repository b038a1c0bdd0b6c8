/** buildApp(config) → a ready Fastify instance with the API, socket.io and the web app. Tests build their own. */
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext, CoreContext } from './context';
import { createDb, migrateToLatest, schemaVersion, type DbHandle } from './db';
import { RELAYED_EVENTS, relayChannel, relayEvents } from './lib/event-relay';
import { installIdempotency, startIdempotencySweep } from './idempotency/plugin';
import { createJobs, exportJobMetrics, registerQueueBoard, servesWeb } from './jobs';
import { EventBus } from './lib/events';
import { connectRedis } from './lib/redis';
import { createStorage, probeDiskStorage } from './media/storage';
import { createOutbox, type Outbox } from './outbox/outbox';
import { exportOutboxBacklog } from './outbox/outbox-metrics';
import { createFeatures } from './modules';
import { feedPageKeyState } from './modules/posts';
import { userRepo } from './modules/users';
import { installCompression } from './plugins/compression';
import { installErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { installSecurityHeaders } from './plugins/security-headers';
import { createRealtime, type PlazaServer } from './realtime/server';
import { installInputGuards } from './security/input-guards';
import { createLimits } from './security/limits';
import { registerStatic } from './web/static';
import { createMetrics } from './observability/metrics';
import { readinessCheck } from './observability/readiness';
import { installAccessLog } from './observability/access-log';
import { installRequestContext } from './observability/request-context';
import { exportNodeGauges } from './observability/node-gauges';
import { fastifyOptions } from './fastify-options';
import { registerOperatorRoutes } from './observability/routes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    io: PlazaServer;
  }
}

type Realtime = ReturnType<typeof createRealtime>;

export interface BuildOptions {
  logger?: boolean;
  /** A logger of the caller's own, used instead of the configured one (tests read what was logged). */
  loggerInstance?: FastifyBaseLogger;
  /** `dispatch: false` writes domain events but never dispatches them: what a crash after each commit leaves (tests). */
  outbox?: { dispatch: boolean };
  /** Counts the statements run straight on the driver (db/prepared.ts): tests count a request's statements. */
  directRuns?: { count: number };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, opts));
  // Fastify's logger is the one logger: every part below gets it (or a child of it) through the context.
  const log = app.log;

  const { core, outbox, ping, poolUse } = await openCore(config, log, opts);
  const { db, redis, metrics, jobs } = core;
  const { ctx, features, privateMedia } = await createFeatures(core);

  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  await installRequestHandling(app, config, core);

  // Servers sharing the database drop each other's changed posts and accounts from what they keep, cut
  // the sockets and forget the cached sessions of revoked sessions at once, and forget who may message
  // whom when a block, a suspension or a deletion changes it, and drop the feed pages kept of readers whose timeline changed.
  const stopRelay = redis
    ? relayEvents(ctx.events, redis, relayChannel(config.redisKeyPrefix), RELAYED_EVENTS, (on) => {
        ctx.auth.hearsRevocations(on);
        ctx.events.setRelayListening(on);
      })
    : null;

  await registerOpenApi(app);

  // Known once socket.io is set up below.
  let crossNodeReady = () => false;
  await installOperatorEndpoints(app, core, { ping, poolUse, outbox, crossNodeReady: () => crossNodeReady() });
  const stopCounting = ctx.events.subscribe('messageStored', () => {
    metrics.messagesStored.inc();
  });

  // Before the routes: it marks the routes of the operations the contract calls idempotent as they are added.
  installIdempotency(app, db, log);
  const stopIdempotencySweep = startIdempotencySweep(db, log);
  const users = userRepo(db);
  await registerQueueBoard(app, jobs, {
    isAdmin: async (token) => {
      const { userId } = await ctx.auth.authenticate(token).catch(() => ({ userId: null }));
      return userId === null ? null : (await users.findById(userId))?.role === 'admin';
    },
  });
  // A worker serves only the operator's endpoints above: no API, no web app.
  if (servesWeb(config.role)) {
    await app.register(
      async (api) => {
        for (const f of features) if (f.routes) await f.routes(api, ctx);
      },
      { prefix: '/api/v1' },
    );
    for (const f of features) if (f.mount) await f.mount(app);
    await registerStatic(app, config, privateMedia);
  }

  const realtime = createRealtime(
    app.server,
    ctx,
    features.flatMap((f) => (f.realtime ? [f.realtime] : [])),
  );
  app.decorate('io', realtime.io);
  crossNodeReady = () => realtime.crossNodeReady();
  metrics.gauge('plaza_sockets_connected', 'socket.io connections open on this node', () => realtime.io.engine.clientsCount);
  const stoppers = features.flatMap((f) => (f.start ? [f.start()] : []));
  // Only now: an event taken before its subscribers are in place would be handled by none.
  outbox.start();
  // Likewise for jobs and their workers (registered by the features' start), on a process whose role works them.
  jobs.start();

  closeInOrder(app, ctx, {
    outbox,
    realtime,
    stoppers: [...stoppers, () => stopCounting(), () => stopIdempotencySweep()],
    stopRelay,
  });
  return app;
}

/** What every request goes through: validation, serialization, errors, logging, guards, headers, compression, CORS. */
async function installRequestHandling(app: FastifyInstance, config: Config, { db, metrics }: Pick<CoreContext, 'db' | 'metrics'>) {
  app.setValidatorCompiler(validatorCompiler);
  // In production the presenters alone shape responses; re-parsing every body with zod costs more than
  // the feed's SQL. Development and tests keep the check, so a presenter that leaks a field fails there.
  app.setSerializerCompiler(config.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data));
  const users = userRepo(db);
  // An error answer is written in the signed-in person's language (docs/decisions/languages.md).
  installErrorHandler(app, metrics, async (userId) => (await users.findById(userId))?.language);
  installRequestContext(app);
  installAccessLog(app, config.logRequests);
  installInputGuards(app);

  await installSecurityHeaders(app);
  await installCompression(app);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });
}

/** The operator's endpoints (health, readiness, metrics) and the gauges they export. */
async function installOperatorEndpoints(
  app: FastifyInstance,
  core: CoreContext,
  parts: Pick<DbHandle, 'ping' | 'poolUse'> & { outbox: Outbox; crossNodeReady: () => boolean },
) {
  const { config, db, redis, metrics, jobs } = core;
  const readiness = readinessCheck(
    parts.ping,
    redis,
    parts.crossNodeReady,
    core.storage.driver === 'disk' ? () => probeDiskStorage(core.storage.root) : null,
  );
  registerOperatorRoutes(app, metrics, readiness, config.metricsToken);
  exportOutboxBacklog(metrics, parts.outbox);
  exportJobMetrics(metrics, jobs);
  exportNodeGauges(metrics, { poolUse: parts.poolUse, readiness, hasRedis: redis !== null, schema: await schemaVersion(db) });
}

/**
 * The order of shutdown. Its sockets are let go first (or the HTTP server's close would wait for them
 * forever); the rest of socket.io (the adapter that fans out to other nodes) stays until the last requests
 * have finished. Then, with no request in flight: stop the features' subscriptions and timers, let what the
 * last requests set off finish, then let go of the database and Redis.
 */
function closeInOrder(
  app: FastifyInstance,
  core: CoreContext,
  parts: { outbox: Outbox; realtime: Realtime; stoppers: (() => void | Promise<void>)[]; stopRelay: (() => void) | null },
) {
  const { outbox, realtime, stoppers, stopRelay } = parts;
  app.addHook('preClose', async () => {
    await realtime.releaseSockets();
  });
  app.addHook('onClose', async () => {
    // The outbox first, so no event is dispatched to subscribers that are going away (it would count as handled).
    await outbox.stop();
    // Jobs under way here finish; the rest wait in the queue for the next worker.
    await core.jobs.stop();
    await core.events.settled();
    await realtime.close();
    for (const stop of stoppers) await stop();
    await core.events.settled();
    stopRelay?.();
    await core.db.destroy();
    core.redis?.close();
  });
}

/** The parts every feature shares: the database (migrated), Redis, limits, events, the outbox and jobs. */
async function openCore(config: Config, log: FastifyBaseLogger, opts: BuildOptions) {
  const { db, dialect, ping, poolUse } = createDb(config.database, log, config.databaseTimeouts, {
    directRuns: opts.directRuns,
    directReads: !config.without?.includes('preparedReads'),
  });
  await migrateToLatest(db);
  // Migrations give only a small timeline table its covering key (0092); a large one waits for the operator's command.
  if (dialect === 'postgres' && (await feedPageKeyState(db)) !== 'covering')
    log.warn("feed pages are read without the timeline's covering key: run `npm run db:maintain` to build it");
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log.child({ part: 'redis' }), config.redisTimeouts) : null;
  // A healthy start should not begin degraded; a Redis that is down does not hold the start up for long.
  await redis?.ready(config.redisTimeouts.connectMs);
  const metrics = createMetrics();
  const limits = createLimits({
    redis,
    keyPrefix: config.redisKeyPrefix,
    loginPerAddressAndName: config.authRateLimit,
    scale: config.rateLimitScale,
    log,
  });
  const events = new EventBus(log);
  const outbox = createOutbox(
    { db, dialect, events, log: log.child({ part: 'outbox' }) },
    { ...config.outbox, dispatch: opts.outbox?.dispatch ?? true },
  );
  const jobs = await createJobs(config, { db, dialect, log });
  const core: CoreContext = {
    config,
    db,
    dialect,
    log,
    events,
    outbox,
    storage: createStorage(config),
    redis,
    limits,
    metrics,
    jobs,
  };
  return { core, outbox, ping, poolUse };
}
