/**
 * Abuse limits: one named budget per action (RATE_LIMITS in the contract), counted per address or per
 * user. Without REDIS_URL they are counted in this process (window-counter.ts). With it the counts live in
 * Redis (rate-limiter-flexible), so every server process shares them; the library's in-memory limiter of
 * the same shape stands in whenever Redis is down or slow, so an outage makes the limits per process for a
 * while but never fails or stalls a request.
 */
import { RATE_LIMITS } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sentence, TooManyRequestsError, type Sentence } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { RedisConnections } from '../lib/redis';
import { authOf } from '../plugins/authenticate';
import { windowCounter, type WindowCounter } from './window-counter';

/** A budget: `points` per `seconds`. */
export interface LimitShape {
  points: number;
  seconds: number;
}

/** Every budget by name: the contract's, plus log-in attempts per address and name (`AUTH_RATE_LIMIT` a minute). */
export type LimitName = keyof typeof RATE_LIMITS | 'loginPerAddressAndName';

/** Budgets a test suite may not loosen with its rateLimitScale: their own tests pin the numbers. */
const UNSCALED: ReadonlySet<LimitName> = new Set(['chatMessagesPerUser', 'loginPerAddressAndName']);

const MESSAGES: Partial<Record<LimitName, Sentence>> = {
  loginPerAddress: sentence('error.limit.login'),
  loginPerAddressAndName: sentence('error.limit.login'),
  signupPerAddress: sentence('error.limit.signup'),
  uploadsPerUser: sentence('error.limit.uploads'),
  commentsPerUser: sentence('error.limit.comments'),
  reactionsPerUser: sentence('error.limit.reactions'),
  friendRequestsPerUser: sentence('error.limit.friendRequests'),
  chatMessagesPerUser: sentence('error.chat.tooFast'),
};
const DEFAULT_MESSAGE = sentence('error.limit.other');

/** How long a Redis call may take before the in-memory limiter answers instead. */
const REDIS_TIMEOUT_MS = 250;

export interface LimitsOptions {
  redis: RedisConnections | null;
  /** REDIS_KEY_PREFIX: every key is `<prefix>rl:<name>:<key>`. */
  keyPrefix: string;
  /** AUTH_RATE_LIMIT: log-in attempts a minute per address and name. */
  loginPerAddressAndName: number;
  /** Multiplies the budgets: 1, except in test runs that sign up hundreds of people (Config.rateLimitScale). */
  scale: number;
  log: Logger;
}

export interface Limits {
  /**
   * Counts `points` of `name` against `key` (an address, a user id, a hashed name). Over the budget it
   * throws a TooManyRequestsError: a 429 with `Retry-After` and the error envelope.
   */
  consume(name: LimitName, key: string, points?: number): Promise<void>;
  /**
   * Like consume, but answers the milliseconds to wait (0: allowed) instead of throwing; for socket events.
   * Without Redis the answer is at once, not a promise (a chat message takes one every time).
   */
  take(name: LimitName, key: string): number | Promise<number>;
  /** A store with the given shape under its own name, for budgets that are not a plain count (log-in back-off). */
  store(name: string, shape: LimitShape): RateLimiterAbstract;
  /** How much a budget is multiplied by (Config.rateLimitScale). */
  readonly scale: number;
}

export function createLimits(opts: LimitsOptions): Limits {
  const log = opts.log.child({ part: 'limits' });
  const stores = new Map<string, RateLimiterAbstract>();

  const store = (name: string, { points, seconds }: LimitShape): RateLimiterAbstract => {
    let limiter = stores.get(name);
    if (limiter) return limiter;
    const keyPrefix = `${opts.keyPrefix}rl:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration: seconds });
    limiter = opts.redis
      ? new RLWrapperTimeouts({
          limiter: new RateLimiterRedis({
            storeClient: opts.redis.commands,
            keyPrefix,
            points,
            duration: seconds,
            // While ioredis reconnects it would queue the command; the in-memory limiter answers at once instead.
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          }),
          timeoutMs: REDIS_TIMEOUT_MS,
          insuranceLimiter: memory,
        })
      : memory;
    stores.set(name, limiter);
    return limiter;
  };

  const shapeOf = (name: LimitName): LimitShape => {
    const base = name === 'loginPerAddressAndName' ? { points: opts.loginPerAddressAndName, seconds: 60 } : RATE_LIMITS[name];
    return UNSCALED.has(name) ? base : { points: Math.max(1, Math.round(base.points * opts.scale)), seconds: base.seconds };
  };

  // Without Redis the named budgets are counted in place (window-counter.ts); the stores above stay for
  // the log-in guard's own budgets and, with Redis, for the shared counts and their in-memory stand-in.
  const counters = new Map<LimitName, WindowCounter>();
  const counterOf = (name: LimitName): WindowCounter => {
    const known = counters.get(name);
    if (known) return known;
    const { points, seconds } = shapeOf(name);
    const counter = windowCounter(points, seconds);
    counters.set(name, counter);
    return counter;
  };

  function take(name: LimitName, key: string, points = 1): number | Promise<number> {
    return opts.redis ? takeShared(name, key, points) : counterOf(name).take(key, points);
  }

  async function takeShared(name: LimitName, key: string, points: number): Promise<number> {
    try {
      await store(name, shapeOf(name)).consume(key, points);
      return 0;
    } catch (res) {
      if (res instanceof RateLimiterRes) return Math.max(1, res.msBeforeNext);
      // Neither store answered: let the request through rather than fail it.
      log.warn({ err: res, limit: name }, 'rate limit store failed; request allowed');
      return 0;
    }
  }

  return {
    scale: opts.scale,
    store,
    take: (name, key) => take(name, key),
    async consume(name, key, points = 1) {
      const waitMs = await take(name, key, points);
      if (waitMs > 0) throw new TooManyRequestsError(MESSAGES[name] ?? DEFAULT_MESSAGE, Math.ceil(waitMs / 1000));
    },
  };
}

/** A route hook counting each request against the caller's address (`req.ip`, which TRUST_PROXY decides). */
export function perAddress(limits: Limits, name: LimitName) {
  return async (req: FastifyRequest): Promise<void> => limits.consume(name, req.ip);
}

/** A route hook counting each request against the signed-in caller; runs after `requireAuth`. */
export function perUser(limits: Limits, name: LimitName) {
  return async (req: FastifyRequest): Promise<void> => limits.consume(name, authOf(req).userId);
}
