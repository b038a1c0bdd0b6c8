/** buildApp(config) → a ready Fastify instance with the API, socket.io and the web app. Tests build their own. */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, migrateToLatest } from './db';
import { relayEvents } from './lib/event-relay';
import { EventBus } from './lib/events';
import { diskStorage } from './media/storage';
import { features } from './modules';
import { authService } from './modules/auth/service';
import { TokenSigner } from './modules/auth/tokens';
import { installCompression } from './plugins/compression';
import { installErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { installSecurityHeaders } from './plugins/security-headers';
import { createRealtime, type PlazaServer } from './realtime/server';
import { installInputGuards } from './security/input-guards';
import { serverTimeoutOptions } from './security/http-timeouts';
import { fastifyTrustProxy } from './security/trust-proxy';
import { registerStatic } from './web/static';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    io: PlazaServer;
  }
}

export interface BuildOptions {
  logger?: boolean;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { db, dialect, ping } = createDb(config.database);
  await migrateToLatest(db);

  const ctx: AppContext = {
    config,
    db,
    dialect,
    events: new EventBus(),
    storage: diskStorage(config.mediaDir),
    auth: authService(db, new TokenSigner(config.jwtSecret, config.accessTokenTtlSeconds)),
  };

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(config.timeouts),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  // In production the presenters alone shape responses; re-parsing every body with zod costs more than
  // the feed's SQL. Development and tests keep the check, so a presenter that leaks a field fails there.
  app.setSerializerCompiler(config.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data));
  installErrorHandler(app);
  installInputGuards(app);

  installSecurityHeaders(app);
  await installCompression(app);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: true });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false }) : null;
  // preHandler, so the key can include the parsed body's identifier.
  await app.register(rateLimit, { global: false, hook: 'preHandler', ...(redis ? { redis, nameSpace: 'plaza-rl:' } : {}) });
  // Servers sharing the database drop each other's changed posts from what they keep for the feed.
  const stopRelay = redis ? relayEvents(ctx.events, redis, `${config.redisKeyPrefix}events`, ['postChanged', 'profileChanged']) : null;
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 10, fieldSize: 64 * 1024 } });

  await registerOpenApi(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ping();
      return { success: true, status: 'ready', database: dialect };
    } catch {
      return reply.status(503).send({ success: false, error: 'Service Unavailable', message: 'The database is not reachable.' });
    }
  });

  await app.register(
    async (api) => {
      for (const f of features) if (f.routes) await f.routes(api, ctx);
    },
    { prefix: '/api/v1' },
  );
  await registerStatic(app, config);

  const realtime = createRealtime(
    app.server,
    ctx,
    features.flatMap((f) => (f.realtime ? [f.realtime] : [])),
  );
  app.decorate('io', realtime.io);
  const stoppers = features.flatMap((f) => (f.start ? [f.start(ctx)] : []));

  // Sockets are closed before the HTTP server, or its close would wait for them forever.
  app.addHook('preClose', async () => {
    for (const stop of stoppers) stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await db.destroy();
    stopRelay?.();
    if (redis) redis.disconnect();
  });
  return app;
}
