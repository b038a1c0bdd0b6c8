/**
 * What stands between a password guesser and an account: a budget per address (spraying many names),
 * one per address and name, and an exponential back-off per account. After LOGIN_BACKOFF.freeFailures
 * failed log-ins in a row, each further failure makes the next attempt wait twice as long (2 s, 4 s, 8 s
 * … at most 15 minutes), from any address. A success clears it; so does a day without failures. An
 * attacker can slow an account down, never lock it for good.
 */
import { LOGIN_BACKOFF } from '@plaza/contract';
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { sentence, TooManyRequestsError } from '../lib/errors';
import type { Limits } from './limits';

/** The account a log-in names, hashed so Redis never holds the names or emails people typed. */
const accountKey = (identifier: string) => createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 32);

export interface LoginGuard {
  /** Before checking the password: 429 when the address or the account must wait. */
  before(address: string, identifier: string): Promise<void>;
  failed(identifier: string): Promise<void>;
  succeeded(identifier: string): Promise<void>;
}

export function createLoginGuard(limits: Limits): LoginGuard {
  const freeFailures = Math.round(LOGIN_BACKOFF.freeFailures * limits.scale);
  // Counts failures in a row; the count itself is forgotten a day after the last one.
  const failures = limits.store('loginFailures', { points: Number.MAX_SAFE_INTEGER, seconds: LOGIN_BACKOFF.forgetAfterSeconds });
  // Holds an account's wait: `block` sets it, `get` reads how long is left.
  const waits = limits.store('loginBackoff', { points: 1, seconds: LOGIN_BACKOFF.maxDelaySeconds });

  const ignoreStoreFailure = (err: unknown) => {
    if (!(err instanceof RateLimiterRes)) return null;
    return err;
  };

  return {
    async before(address, identifier) {
      const account = accountKey(identifier);
      await limits.consume('loginPerAddress', address);
      await limits.consume('loginPerAddressAndName', `${address}:${account}`);
      const wait = await waits.get(account).catch(ignoreStoreFailure);
      if (wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0) {
        throw new TooManyRequestsError(sentence('error.limit.loginFailures'), Math.ceil(wait.msBeforeNext / 1000));
      }
    },
    async failed(identifier) {
      const account = accountKey(identifier);
      const res = await failures.consume(account).catch(ignoreStoreFailure);
      const over = (res?.consumedPoints ?? 0) - freeFailures;
      if (over <= 0) return;
      const seconds = Math.min(LOGIN_BACKOFF.maxDelaySeconds, LOGIN_BACKOFF.firstDelaySeconds * 2 ** (over - 1));
      await waits.block(account, seconds).catch(ignoreStoreFailure);
    },
    async succeeded(identifier) {
      const account = accountKey(identifier);
      await Promise.all([failures.delete(account).catch(() => false), waits.delete(account).catch(() => false)]);
    },
  };
}
