/** Environment → typed configuration, with embedded defaults so `npm start` needs no variable. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, SOCKET_LIMITS, STORY_LIFETIME_HOURS, UNVERIFIED_POSTS_PER_DAY } from '@plaza/contract';
import webpush from 'web-push';
import { z } from 'zod';
import type { Role } from './jobs/jobs';
import { requestLogShare } from './observability/access-log';
import { httpTimeouts, type HttpTimeouts } from './security/http-timeouts';
import { parseRedisUrl } from './lib/redis-address';
import { trustProxySchema, type TrustProxy } from './security/trust-proxy';

const envSchema = z.object({
  /** Unset: 3000, or 3001 for a worker, so a worker beside the web process needs no setting. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PLAZA_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z
    .string()
    .optional()
    .superRefine((url, ctx) => {
      if (!url) return;
      try {
        parseRedisUrl(url);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Prefixes every Redis key and stream Plaza writes, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default('plaza:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CORS_ORIGIN: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests logged at info: all, none, or a fraction such as 0.01 (docs/tuning.md); the rest at debug. */
  LOG_REQUESTS: z
    .string()
    .regex(/^(all|none|0(\.\d+)?|1(\.0*)?)$/, 'LOG_REQUESTS must be all, none, or a fraction between 0 and 1')
    .optional(),
  WEB_DIST: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
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
  // Sockets one address may hold on one process (0: no cap), and handshakes it may make per ten seconds (docs/deploy.md).
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(0).default(1000),
  SOCKET_HANDSHAKES_PER_ADDRESS: z.coerce.number().int().min(0).default(1000),
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
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  LINK_PREVIEWS: z.enum(['on', 'off']).default('on'),
  /** Unset: on when PUBLIC_URL is https (a server others can reach), off otherwise. */
  FEDERATION: z.enum(['on', 'off']).optional(),
  LINK_PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Web Push's VAPID key pair (URL-safe base64); unset, one is generated into DATA_DIR. Every node of a cluster needs the same. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who push services may contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),
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
  /** What this process runs (PLAZA_ROLE, jobs/jobs.ts): the web API, the job workers, or both. */
  role: Role;
  host: string;
  dataDir: string;
  mediaDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  redisKeyPrefix: string;
  jwtSecret: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The share of requests whose line is written at info (observability/access-log.ts); the others at debug. */
  logRequests: number;
  webDist: string | null;
  authRateLimit: number;
  /**
   * Multiplies the abuse limits of RATE_LIMITS (security/limits.ts). Always 1 from the environment: only
   * test runs raise it, the suites on the Config they build (test/harness.ts), the built server through
   * PLAZA_TEST_OVERRIDES (testOverrides below).
   */
  rateLimitScale: number;
  /** Unset: argon2id at OWASP's parameters (modules/auth/passwords.ts). Never from the environment: test runs lower it (test/harness.ts). */
  passwordCost?: { memoryCost: number; timeCost: number };
  /** Which peers may name the client in `X-Forwarded-For` (Fastify's `trustProxy`); false believes no one. */
  trustProxy: TrustProxy;
  /** Slow-client limits of the HTTP server (security/http-timeouts.ts). */
  timeouts: HttpTimeouts;
  storyTtlHours: number;
  /** How long the feed may show a post rendered earlier, for changes no event told this server about (cache/post-cache.ts). */
  feedPostMaxAgeMs: number;
  /** How long a user-search query's ranked list is reused (people/search-service.ts); 0 turns the cache off. */
  searchCacheMs: number;
  /** The least time between the starts of two chat message commits (db/group-commit.ts); 0 commits the sends of one event-loop turn together. */
  chatCommitWindowMs: number;
  accessTokenTtlSeconds: number;
  /** How long a socket may outlive its access token without sending a fresh one (realtime/session-sockets.ts). */
  socketReauthGraceSeconds: number;
  /** Per process: sockets one address may hold (0: no cap), and handshakes it may make in ten seconds (0: no limit). */
  socketsPerAddress: { sockets: number; handshakesPer10s: number };
  /** Check every response against its contract schema (a safety net in development and tests). */
  validateResponses: boolean;
  /** How long PostgreSQL may take, in milliseconds (db/index.ts); ignored by SQLite. */
  databaseTimeouts: DatabaseTimeouts;
  /** How long Redis may take, in milliseconds (lib/redis.ts). */
  redisTimeouts: { connectMs: number; commandMs: number };
  /** Milliseconds a stopping process has to finish its requests before it exits anyway (main.ts). */
  shutdownGraceMs: number;
  /** Where mail goes: an SMTP server, or (unset) the log, links included, for development. */
  mail: { smtpUrl: string | null; from: string; production: boolean };
  /** When set, `/metrics` answers only `Authorization: Bearer <it>` (docs/deploy.md). */
  metricsToken: string | null;
  /** The origin people reach Plaza at: the links in mails start with it (no trailing slash). */
  publicUrl: string;
  /** Posts an account may publish in 24 hours before its address is verified. */
  unverifiedPostsPerDay: number;
  /** Where uploaded media live (media/storage.ts): `mediaDir` on disk, or a bucket. */
  storage: { driver: 'disk' } | S3Settings;
  /** The transactional outbox's timing (outbox/outbox.ts); the database job queue polls and holds jobs alike. */
  outbox: { pollMs: number; leaseMs: number };
  /** A pause between a fan-out job's batches: never from the environment, only test runs set it (to stop a worker mid-job). */
  fanOutPauseMs?: number;
  /**
   * How long deliveries to a peer that keeps failing are held before one is tried again (modules/federation/fedify.ts,
   * RECOVERY_MS when unset). Never from the environment: test runs shorten it to watch a peer come back.
   */
  federationRecoveryMs?: number;
  /**
   * Whether outgoing requests to addresses people give (link previews) may reach private, loopback and link-local
   * addresses: never in production; tests and local trials only (modules/link-previews/safe-fetch.ts).
   */
  allowPrivateAddresses: boolean;
  /**
   * Outgoing requests to given addresses reach loopback hosts only (127.0.0.0/8, ::1, localhost). Never from the
   * environment: test runs set it (test/harness.ts, PLAZA_TEST_OVERRIDES), so a link in a test's text never
   * sends a request off the machine.
   */
  outboundLoopbackOnly?: boolean;
  /**
   * Performance machinery turned off, to measure what it earns (bench/README.md, "What each fast path
   * earns"). Never from the environment: a benchmark sets it through PLAZA_TEST_OVERRIDES.
   */
  without?: readonly FastPath[];
  /** Link preview cards (modules/link-previews): whether they are made, and how long one page or image may take. */
  linkPreviews: { enabled: boolean; timeoutMs: number };
  /** Whether this server speaks ActivityPub with other servers (modules/federation). */
  federation: boolean;
  /** Web Push (modules/push): the VAPID keys and subject, how long one push service may take, and how long pushes of one tag are gathered into one. */
  push: { vapid: VapidKeys; timeoutMs: number; groupWindowMs: number };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
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

  const port = e.PORT ?? (e.PLAZA_ROLE === 'worker' ? 3001 : 3000);
  // The web's address even on a worker: the mails a worker writes link to it (set PUBLIC_URL alike on every process).
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 3000}`);
  return {
    port,
    role: e.PLAZA_ROLE,
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
    logRequests: requestLogShare(e.LOG_REQUESTS, e.NODE_ENV === 'production'),
    webDist: resolveWebDist(e.WEB_DIST),
    authRateLimit: e.AUTH_RATE_LIMIT,
    rateLimitScale: 1,
    trustProxy: e.TRUST_PROXY,
    timeouts: httpTimeouts({ request: e.REQUEST_TIMEOUT, headers: e.HEADERS_TIMEOUT, keepAlive: e.KEEP_ALIVE_TIMEOUT }),
    storyTtlHours: e.STORY_TTL_HOURS,
    feedPostMaxAgeMs: e.FEED_POST_MAX_AGE_MS,
    searchCacheMs: e.SEARCH_CACHE_MS,
    chatCommitWindowMs: e.CHAT_COMMIT_WINDOW_MS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    socketReauthGraceSeconds: e.SOCKET_REAUTH_GRACE,
    socketsPerAddress: { sockets: e.SOCKETS_PER_ADDRESS, handshakesPer10s: e.SOCKET_HANDSHAKES_PER_ADDRESS },
    validateResponses: e.RESPONSE_VALIDATION ? e.RESPONSE_VALIDATION === 'on' : e.NODE_ENV !== 'production',
    databaseTimeouts: {
      poolSize: e.DATABASE_POOL_SIZE,
      connectMs: seconds(e.DATABASE_CONNECT_TIMEOUT),
      statementMs: seconds(e.DATABASE_STATEMENT_TIMEOUT),
      idleInTransactionMs: seconds(e.DATABASE_IDLE_TIMEOUT),
    },
    redisTimeouts: { connectMs: seconds(e.REDIS_CONNECT_TIMEOUT), commandMs: seconds(e.REDIS_COMMAND_TIMEOUT) },
    shutdownGraceMs: seconds(e.SHUTDOWN_TIMEOUT),
    mail: {
      smtpUrl: e.SMTP_URL || null,
      from: e.MAIL_FROM || `Plaza <no-reply@${publicUrl.hostname}>`,
      production: e.NODE_ENV === 'production',
    },
    metricsToken: e.METRICS_TOKEN || null,
    publicUrl: publicUrl.href.replace(/\/+$/, ''),
    unverifiedPostsPerDay: e.UNVERIFIED_POSTS_PER_DAY,
    storage: storageOf(e),
    outbox: { pollMs: e.OUTBOX_POLL_MS, leaseMs: e.OUTBOX_LEASE_MS },
    allowPrivateAddresses: e.ALLOW_PRIVATE_ADDRESSES === 'true',
    linkPreviews: { enabled: e.LINK_PREVIEWS === 'on', timeoutMs: e.LINK_PREVIEW_TIMEOUT_MS },
    // Off on the zero-config localhost start: nobody else could reach it, so there is nothing to federate with.
    federation: e.FEDERATION ? e.FEDERATION === 'on' : publicUrl.protocol === 'https:',
    push: {
      vapid: {
        ...vapidKeys(dataDir, e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
        subject: e.VAPID_SUBJECT ?? (publicUrl.protocol === 'https:' ? publicUrl.origin : `mailto:no-reply@${publicUrl.hostname}`),
      },
      timeoutMs: 10_000,
      groupWindowMs: 2000,
    },
  };
}

/**
 * What a test run changes that no operator needs: the e2e and cluster tests start the built server as a
 * process and hand these to it as JSON in PLAZA_TEST_OVERRIDES (main.ts). Not configuration, so not in
 * the schema above nor in the README; the server logs a warning when they are in effect.
 */
/** The fast paths a benchmark can turn off for an A/B (Config.without). */
export const FAST_PATHS = [
  'sqliteWriterThread',
  // PostgreSQL's chat batch as one statement; without it, the plain store's transaction.
  'postgresOneStatement',
  'feedPageCache',
  'postJsonCache',
  'interactionCache',
  'preparedReads',
  'hiddenPeopleCache',
  // The feed page spliced from cached JSON bytes; without it, objects serialized by fast-json-stringify.
  'byteSplicing',
] as const;
export type FastPath = (typeof FAST_PATHS)[number];

const testOverridesSchema = z
  .strictObject({
    rateLimitScale: z.number().positive(),
    fanOutPauseMs: z.number().int().min(0),
    outboundLoopbackOnly: z.boolean(),
    without: z.array(z.enum(FAST_PATHS)),
  })
  .partial();
export type TestOverrides = z.infer<typeof testOverridesSchema>;

export function testOverrides(json: string | undefined): TestOverrides | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('Invalid PLAZA_TEST_OVERRIDES: not JSON');
  }
  const parsed = testOverridesSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `Invalid PLAZA_TEST_OVERRIDES: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
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

/**
 * Web Push's VAPID key pair: both given, or generated on first start and kept in DATA_DIR (0600). Push services
 * tie each subscription to the public key, so a changed key silently ends every subscription: a cluster sets them.
 */
function vapidKeys(
  dataDir: string,
  publicKey: string | undefined,
  privateKey: string | undefined,
): { publicKey: string; privateKey: string } {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey) throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function resolveWebDist(given?: string): string | null {
  const candidates = given
    ? [given]
    : [path.resolve('apps/web/dist'), path.resolve('../web/dist'), path.resolve(import.meta.dirname, '../../web/dist')];
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? null;
}
