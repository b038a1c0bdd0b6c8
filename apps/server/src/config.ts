/** Environment → typed configuration, with embedded defaults so `npm start` needs no variable. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, SOCKET_LIMITS, STORY_LIFETIME_HOURS, UNVERIFIED_POSTS_PER_DAY } from '@plaza/contract';
import { z } from 'zod';
import { httpTimeouts, type HttpTimeouts } from './security/http-timeouts';
import { trustProxySchema, type TrustProxy } from './security/trust-proxy';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefixes every Redis key and stream Plaza writes, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default('plaza:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CORS_ORIGIN: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: trustProxySchema,
  REQUEST_TIMEOUT: z.coerce.number().positive().default(60),
  HEADERS_TIMEOUT: z.coerce.number().positive().default(10),
  KEEP_ALIVE_TIMEOUT: z.coerce.number().positive().default(72),
  STORY_TTL_HOURS: z.coerce.number().positive().default(STORY_LIFETIME_HOURS),
  FEED_POST_MAX_AGE_MS: z.coerce.number().int().min(0).default(10_000),
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
  CHAT_COMMIT_WINDOW_MS: z.coerce.number().int().min(0).max(100).default(8),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(ACCESS_TOKEN_TTL_SECONDS),
  SOCKET_REAUTH_GRACE: z.coerce.number().min(0).default(SOCKET_LIMITS.reauthGraceSeconds),
  RESPONSE_VALIDATION: z.enum(['on', 'off']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  DATABASE_CONNECT_TIMEOUT: z.coerce.number().positive().default(3),
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().positive().default(5),
  DATABASE_IDLE_TIMEOUT: z.coerce.number().positive().default(5),
  REDIS_CONNECT_TIMEOUT: z.coerce.number().positive().default(3),
  REDIS_COMMAND_TIMEOUT: z.coerce.number().positive().default(2),
  SHUTDOWN_TIMEOUT: z.coerce.number().positive().default(10),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(10).default(10_000),
  NODE_ENV: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL such as https://plaza.example.org').optional(),
  UNVERIFIED_POSTS_PER_DAY: z.coerce.number().int().min(0).default(UNVERIFIED_POSTS_PER_DAY),
});

/** Object storage for media (media/s3-storage.ts). */
export interface S3Settings {
  driver: 's3';
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own lookup (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` instead of `bucket.host/key`: what MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  redisKeyPrefix: string;
  jwtSecret: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | null;
  authRateLimit: number;
  /** Multiplies the abuse limits of RATE_LIMITS (security/limits.ts); above 1 only for tests and load tests. */
  rateLimitScale: number;
  /** Which peers may name the client in `X-Forwarded-For` (Fastify's `trustProxy`); false believes no one. */
  trustProxy: TrustProxy;
  /** Slow-client limits of the HTTP server (security/http-timeouts.ts). */
  timeouts: HttpTimeouts;
  storyTtlHours: number;
  /** How long the feed may show a post rendered earlier, for changes no event told this server about (posts/post-json.ts). */
  feedPostMaxAgeMs: number;
  /** How long a user-search query's ranked list is reused (people/search-service.ts); 0 turns the cache off. */
  searchCacheMs: number;
  /** The least time between the starts of two chat message commits (chat/message-writer.ts); 0 commits the sends of one event-loop turn together. */
  chatCommitWindowMs: number;
  accessTokenTtlSeconds: number;
  /** How long a socket may outlive its access token without sending a fresh one (realtime/session-sockets.ts). */
  socketReauthGraceSeconds: number;
  /** Check every response against its contract schema (a safety net in development and tests). */
  validateResponses: boolean;
  /** How long PostgreSQL may take, in milliseconds (db/index.ts); ignored by SQLite. */
  databaseTimeouts: DatabaseTimeouts;
  /** How long Redis may take, in milliseconds (lib/redis.ts). */
  redisTimeouts: { connectMs: number; commandMs: number };
  /** Milliseconds a stopping process has to finish its requests before it exits anyway (main.ts). */
  shutdownGraceMs: number;
  /** Where mail goes: an SMTP server, or (unset) the log, links included, for development. */
  mail: { smtpUrl: string | null; from: string };
  /** The origin people reach Plaza at: the links in mails start with it (no trailing slash). */
  publicUrl: string;
  /** Posts an account may publish in 24 hours before its address is verified. */
  unverifiedPostsPerDay: number;
  /** Where uploaded media live (media/storage.ts): `mediaDir` on disk, or a bucket. */
  storage: { driver: 'disk' } | S3Settings;
  /** The transactional outbox's timing (outbox/outbox.ts). */
  outbox: { pollMs: number; leaseMs: number };
}

export interface DatabaseTimeouts {
  poolSize: number;
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:\/\//.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? url.replace(/^sqlite:(\/\/)?/, '') : path.join(dataDir, 'plaza.sqlite') };

  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    database,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    corsOrigins: e.CORS_ORIGIN.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: resolveWebDist(e.WEB_DIST),
    authRateLimit: e.AUTH_RATE_LIMIT,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    timeouts: httpTimeouts({ request: e.REQUEST_TIMEOUT, headers: e.HEADERS_TIMEOUT, keepAlive: e.KEEP_ALIVE_TIMEOUT }),
    storyTtlHours: e.STORY_TTL_HOURS,
    feedPostMaxAgeMs: e.FEED_POST_MAX_AGE_MS,
    searchCacheMs: e.SEARCH_CACHE_MS,
    chatCommitWindowMs: e.CHAT_COMMIT_WINDOW_MS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    socketReauthGraceSeconds: e.SOCKET_REAUTH_GRACE,
    validateResponses: e.RESPONSE_VALIDATION ? e.RESPONSE_VALIDATION === 'on' : e.NODE_ENV !== 'production',
    databaseTimeouts: {
      poolSize: e.DATABASE_POOL_SIZE,
      connectMs: seconds(e.DATABASE_CONNECT_TIMEOUT),
      statementMs: seconds(e.DATABASE_STATEMENT_TIMEOUT),
      idleInTransactionMs: seconds(e.DATABASE_IDLE_TIMEOUT),
    },
    redisTimeouts: { connectMs: seconds(e.REDIS_CONNECT_TIMEOUT), commandMs: seconds(e.REDIS_COMMAND_TIMEOUT) },
    shutdownGraceMs: seconds(e.SHUTDOWN_TIMEOUT),
    mail: { smtpUrl: e.SMTP_URL || null, from: e.MAIL_FROM || `Plaza <no-reply@${publicUrl.hostname}>` },
    publicUrl: publicUrl.href.replace(/\/+$/, ''),
    unverifiedPostsPerDay: e.UNVERIFIED_POSTS_PER_DAY,
    storage: storageOf(e),
    outbox: { pollMs: e.OUTBOX_POLL_MS, leaseMs: e.OUTBOX_LEASE_MS },
  };
}

function storageOf(e: z.infer<typeof envSchema>): Config['storage'] {
  if (e.STORAGE_DRIVER === 'disk') return { driver: 'disk' };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // A custom endpoint is nearly always a self-hosted store, which wants path-style addressing.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
  };
}

const seconds = (s: number) => Math.round(s * 1000);

/** A secret generated on first start and kept in DATA_DIR, so restarts keep sessions valid. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function resolveWebDist(given?: string): string | null {
  const candidates = given
    ? [given]
    : [path.resolve('apps/web/dist'), path.resolve('../web/dist'), path.resolve(import.meta.dirname, '../../web/dist')];
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? null;
}
