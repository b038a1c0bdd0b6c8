/** What every feature is built from (configuration, the database, the shared services) and what a built feature gives the app. */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db, DialectName } from './db';
import type { AnyJobs } from './jobs';
import type { EventBus } from './lib/events';
import type { Logger } from './lib/logger';
import type { RedisConnections } from './lib/redis';
import type { MediaStorage } from './media/storage';
import type { Metrics } from './observability/metrics';
import type { Outbox } from './outbox/outbox';
import type { AuthService } from './modules/auth';
import type { RealtimeFeature } from './realtime/server';
import type { Limits } from './security/limits';

/** The shared services, made once per app before any feature. */
export interface CoreContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  events: EventBus;
  /** Where recorded events wait until dispatched; its backlog is the outbox lag. */
  outbox: Pick<Outbox, 'backlog'>;
  storage: MediaStorage;
  /** Fastify's logger; parts take a child named after them. */
  log: Logger;
  /** Null without REDIS_URL. */
  redis: RedisConnections | null;
  /** The Prometheus registry and the shared metrics (observability/metrics.ts). */
  metrics: Metrics;
  /** Background work (jobs/jobs.ts): `jobs.enqueue('mail', …)` here, `jobs.registerWorker('mail', …)` where it is done. */
  jobs: AnyJobs;
  /** Abuse limits (security/limits.ts): `limits.consume('passwordResetPerAddress', req.ip)` → 429 when over. */
  limits: Limits;
}

/** The core plus authentication, which every route and the socket handshake need. */
export interface AppContext extends CoreContext {
  auth: AuthService;
}

/** A feature as built by its `createXFeature(ctx)`: everything it adds to the app, made once. */
export interface Feature {
  name: string;
  /** Registered under /api/v1. */
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** Registered at the root, for addresses other software expects (federation's well-known paths). */
  mount?: (app: FastifyInstance) => Promise<void>;
  realtime?: RealtimeFeature;
  /** Starts subscriptions and background work once every feature is built; returns how to stop them. */
  start?: () => () => void | Promise<void>;
}
