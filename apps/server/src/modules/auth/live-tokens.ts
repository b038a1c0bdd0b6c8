/**
 * Access tokens this process has verified and found on a live session, kept until the token expires:
 * an authenticated request then costs one map lookup, no signature and no session read.
 *
 * Revocation stays exact. Every revocation (logout, password change, "sign out everywhere", suspension,
 * deletion, a reused refresh token) goes through `revoked`, here from the revoking request itself and on
 * other servers from the Redis relay (`sessionsRevoked`), and drops the affected tokens by user and
 * session. A lookup that was reading the session while a revocation happened is not remembered (the
 * generation it started in is gone), so a read from just before a revocation cannot outlive it. While
 * the relay cannot hear other servers (Redis down or resubscribing), `trusted` is false: the cache is
 * emptied and bypassed, and every request reads its session again.
 */
import { LRUCache } from 'lru-cache';
import type { DomainEvents } from '../../lib/events';
import type { VerifiedClaims } from './tokens';

type Revocation = DomainEvents['sessionsRevoked'];

/** Enough for every token in use on a busy server; a token pushed out is verified again, nothing worse. */
const MAX_TOKENS = 50_000;

export class LiveTokens {
  private generation = 0;
  private trusted = true;
  /** user id → their cached tokens, to drop them without scanning the cache. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly tokens = new LRUCache<string, VerifiedClaims>({
    max: MAX_TOKENS,
    // On the wall clock, like the token's own `exp`.
    perf: { now: () => Date.now() },
    dispose: (claims, token) => {
      const set = this.byUser.get(claims.userId);
      set?.delete(token);
      if (set?.size === 0) this.byUser.delete(claims.userId);
    },
  });

  /** The claims of a token known live and unexpired, else undefined. */
  get(token: string): VerifiedClaims | undefined {
    const claims = this.tokens.get(token);
    if (!claims) return undefined;
    if (claims.expiresAt > Date.now()) return claims;
    this.tokens.delete(token);
    return undefined;
  }

  /** Taken before a session is read; `remember` keeps the answer only if nothing was revoked since. */
  begin(): number {
    return this.generation;
  }

  remember(token: string, claims: VerifiedClaims, since: number): void {
    const ttl = claims.expiresAt - Date.now();
    if (!this.trusted || since !== this.generation || ttl <= 0) return;
    this.tokens.set(token, claims, { ttl });
    let set = this.byUser.get(claims.userId);
    if (!set) this.byUser.set(claims.userId, (set = new Set()));
    set.add(token);
  }

  /** Drops the tokens a revocation ends; lookups under way are not remembered. */
  revoked(revocation: Revocation): void {
    this.generation++;
    const cached = this.byUser.get(revocation.userId);
    if (!cached) return;
    for (const token of [...cached]) {
      const sessionId = this.tokens.peek(token)?.sessionId;
      const ends = revocation.sessionIds
        ? sessionId !== undefined && revocation.sessionIds.includes(sessionId)
        : sessionId !== revocation.exceptSessionId;
      if (ends) this.tokens.delete(token);
    }
  }

  /**
   * False while revocations from other servers might be missed: everything is forgotten and nothing is
   * kept until it is true again.
   */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    if (!trusted) {
      this.generation++;
      this.tokens.clear();
    }
  }

  get size(): number {
    return this.tokens.size;
  }
}
