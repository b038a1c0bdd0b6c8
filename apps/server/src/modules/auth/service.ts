/** Accounts and sessions: signup, login, refresh rotation with reuse detection, logout, password change. */
import {
  INVALID_CREDENTIALS,
  REFRESH_ERRORS,
  REFRESH_TOKEN_TTL_DAYS,
  type ChangePasswordBody,
  type LoginBody,
  type SessionEndReason,
  type SignupBody,
  SUSPENDED_FOREVER,
} from '@plaza/contract';
import type { Db, DialectName } from '../../db';
import type { EventBus } from '../../lib/events';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, ForbiddenError, sentence, UnauthorizedError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import type { AuthContext } from '../../plugins/authenticate';
import { userRepo, type UserRow } from '../users';
import { dummyPasswordHash, hashPassword, verifyPassword, type PasswordCost } from './passwords';
import { sessionRepo } from './repo';
import { LiveTokens } from './live-tokens';
import { hashToken, newRefreshToken, TokenSigner, type VerifiedClaims } from './tokens';

export interface IssuedSession {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
}

/** Where a sign-in comes from: kept on its session for the list of sessions and the new-device notice. */
export interface SignInClient {
  userAgent: string | null;
  address: string | null;
}

/** A password log-in to an account with two-factor sign-in: no session yet, a challenge for the code. */
export interface TwoFactorPending {
  challenge: string;
}

/** What the login asks of two-factor sign-in (two-factor/service.ts), given in so auth needs no import of it. */
export interface SecondStep {
  required(userId: string): Promise<boolean>;
  challenge(userId: string): Promise<string>;
}

/** The answer's `error` is the contract's fixed text clients match on; only its `message` follows the reader's language. */
const refreshFailure = (why: keyof typeof REFRESH_ERRORS) =>
  new UnauthorizedError(
    sentence(why === 'expired' ? 'error.auth.refreshExpired' : 'error.auth.refreshInvalid'),
    { isUserAuthenticated: false },
    REFRESH_ERRORS[why],
  );
const invalidCredentials = () =>
  new UnauthorizedError(sentence('error.auth.invalidCredentials'), { isUserAuthenticated: false }, INVALID_CREDENTIALS);
/** What a suspended person is told when they try to log in. */
const suspended = (until: string) =>
  new ForbiddenError(
    until >= SUSPENDED_FOREVER
      ? sentence('error.auth.suspendedForever')
      : sentence('error.auth.suspendedUntil', { until: until.slice(0, 16).replace('T', ' ') }),
  );

/** A taken email gets this rather than "already registered", which would tell a stranger who has an account here. */
const SIGNUP_REFUSED = sentence('error.auth.signupRefused');

export interface SignupPolicy {
  /** No mail can leave this server: its first account becomes its admin, with its address taken as confirmed. */
  firstAccountIsAdmin: boolean;
  dialect: DialectName;
  /** argon2id's cost: the library's defaults unless a test's builder lowers it. */
  passwordCost?: PasswordCost;
}

// Long: a service; each method is short and shares the repositories made once here.
export function authService(db: Db, signer: TokenSigner, events: EventBus, secondStep: SecondStep, policy: SignupPolicy) {
  const { passwordCost } = policy;
  const users = userRepo(db);
  const sessions = sessionRepo(db);
  // Tokens verified on a live session, until they expire; revocations drop them exactly (live-tokens.ts).
  const live = new LiveTokens();
  // A revocation on another server arrives here over Redis (lib/event-relay.ts), and this server's own
  // through `revoke` below, which also publishes it: the handler drops the ended tokens either way.
  events.subscribe('sessionsRevoked', (revocation) => live.revoked(revocation));

  /**
   * Ends sessions in the database, then tells everyone (the realtime module cuts their sockets). The
   * cache is told before the write (so a lookup under way is not kept) and after it, before the
   * request that revoked answers: from then on no server here accepts the ended tokens.
   */
  async function revoke(userId: string, which: { sessionIds: string[] } | { exceptSessionId?: string }, reason: SessionEndReason) {
    const revocation = { userId, ...which, reason };
    live.revoked(revocation);
    const now = nowIso();
    if ('sessionIds' in which) for (const id of which.sessionIds) await sessions.revokeSession(id, now);
    else await sessions.revokeUserSessions(userId, now, which.exceptSessionId);
    events.publish('sessionsRevoked', revocation);
  }

  /** Verifies the signature and reads the session; remembers the token when nothing was revoked meanwhile. */
  async function liveClaims(accessToken: string): Promise<VerifiedClaims> {
    const since = live.begin();
    const claims = await signer.verify(accessToken);
    const session = await sessions.findSession(claims.sessionId);
    if (!session || session.revoked_at || session.user_id !== claims.userId) {
      throw new UnauthorizedError(sentence('error.auth.sessionEnded'), {}, 'Session revoked');
    }
    live.remember(accessToken, claims, since);
    return claims;
  }

  async function issueRefreshToken(sessionId: string): Promise<string> {
    const token = newRefreshToken();
    const now = new Date();
    await sessions.insertRefreshToken({
      id: newId(),
      session_id: sessionId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000).toISOString(),
    });
    return token;
  }

  async function startSession(user: UserRow, client: SignInClient): Promise<IssuedSession> {
    const sessionId = newId();
    const now = nowIso();
    // A pair of browser and address this account never signed in from: its owner is told (accounts feature).
    const newDevice = await sessions.isNewDevice(user.id, client.userAgent, client.address);
    await sessions.createSession({
      id: sessionId,
      user_id: user.id,
      created_at: now,
      user_agent: client.userAgent,
      address: client.address,
    });
    if (newDevice)
      events.publish('signedInFromNewDevice', {
        userId: user.id,
        sessionId,
        userAgent: client.userAgent,
        address: client.address,
        at: now,
      });
    const refreshToken = await issueRefreshToken(sessionId);
    const accessToken = await signer.sign({ userId: user.id, sessionId });
    return { user, accessToken, refreshToken };
  }

  /**
   * On a server without mail nobody could confirm an address or be made admin without the command line:
   * the first account is both. Decided in the insert's transaction, so of two first signups racing, one wins.
   */
  async function insertPerhapsFirst(row: UserRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const inTrx = userRepo(trx);
      await inTrx.lockFirstAccount(policy.dialect);
      if (!(await inTrx.anyAccount())) Object.assign(row, { role: 'admin', email_verified_at: row.created_at });
      await inTrx.insert(row);
    });
  }

  return {
    async signup(body: SignupBody, client: SignInClient): Promise<IssuedSession> {
      // One answer for either conflict, so a refusal never says which one (docs/decisions/accounts.md).
      if (await users.userNameTaken(body.userName)) throw new ConflictError(SIGNUP_REFUSED);
      if (await users.findByEmail(body.email)) throw new ConflictError(SIGNUP_REFUSED);
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        user_name: body.userName,
        user_name_lower: body.userName.toLowerCase(),
        full_name: body.fullName,
        full_name_lower: body.fullName.toLowerCase(),
        email: body.email,
        user_bio: null,
        avatar_url: null,
        avatar_thumb_url: null,
        password_hash: await hashPassword(body.password, passwordCost),
        role: 'member',
        suspended_until: null,
        created_at: now,
        updated_at: now,
        email_verified_at: null,
        deleted_at: null,
        language: body.language ?? 'en',
        remote_host: null,
        profile_url: null,
      };
      try {
        if (policy.firstAccountIsAdmin && !(await users.anyAccount())) await insertPerhapsFirst(row);
        else await users.insert(row);
      } catch (err) {
        // Two signups racing for the same name or email: the unique index decides, the loser gets 409.
        if (isUniqueViolation(err)) throw new ConflictError(SIGNUP_REFUSED);
        throw err;
      }
      events.publish('accountCreated', { userId: row.id });
      return startSession(row, client);
    },

    async login(body: LoginBody, client: SignInClient): Promise<IssuedSession | TwoFactorPending> {
      const identifier = body.identifier.trim();
      const user = identifier.includes('@') ? await users.findByEmail(identifier) : await users.findByUserName(identifier);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash(passwordCost)), body.password);
      // A person of another server has no password here and never signs in.
      if (!user || !ok || user.remote_host) throw invalidCredentials();
      // Told only to whoever knows the password, so a suspension reveals nothing to a stranger.
      if (user.suspended_until && user.suspended_until > nowIso()) throw suspended(user.suspended_until);
      if (await secondStep.required(user.id)) return { challenge: await secondStep.challenge(user.id) };
      return startSession(user, client);
    },

    /**
     * Starts a session for an account whose owner proved who they are another way (a two-factor code
     * after the password, a passkey). The same rules as a log-in: a suspended account is told until when.
     */
    async signInAs(userId: string, client: SignInClient): Promise<IssuedSession> {
      const user = await users.findById(userId);
      if (!user || user.deleted_at || user.remote_host) throw invalidCredentials();
      if (user.suspended_until && user.suspended_until > nowIso()) throw suspended(user.suspended_until);
      return startSession(user, client);
    },

    /** Ends one session of the user (the list of sessions' "Sign out"); false when it is not theirs or already ended. */
    async endSession(userId: string, sessionId: string): Promise<boolean> {
      const session = await sessions.findSession(sessionId);
      if (!session || session.user_id !== userId || session.revoked_at) return false;
      await revoke(userId, { sessionIds: [sessionId] }, 'signed_out');
      return true;
    },

    async refresh(refreshToken: string): Promise<IssuedSession> {
      const found = await sessions.findRefreshToken(hashToken(refreshToken));
      if (!found || found.revoked_at) throw refreshFailure('invalid');
      if (found.used_at || !(await sessions.markUsed(found.id, nowIso()))) {
        // A rotated token came back: someone holds a copy. End the whole family.
        await revoke(found.user_id, { sessionIds: [found.session_id] }, 'signed_out');
        throw refreshFailure('invalid');
      }
      if (found.expires_at <= nowIso()) throw refreshFailure('expired');
      const user = await users.findById(found.user_id);
      if (!user) throw refreshFailure('invalid');
      await sessions.touch(found.session_id, nowIso());
      const next = await issueRefreshToken(found.session_id);
      const accessToken = await signer.sign({ userId: user.id, sessionId: found.session_id });
      return { user, accessToken, refreshToken: next };
    },

    async logout(ctx: AuthContext) {
      await revoke(ctx.userId, { sessionIds: [ctx.sessionId] }, 'signed_out');
    },

    /**
     * Ends every session of a user (all of them, or all but `except`): their refresh tokens stop
     * working, their access tokens are refused, and their sockets are disconnected on every server
     * within two seconds. For password reset, account deletion, suspension.
     */
    async revokeAllSessions(userId: string, opts: { except?: string; reason?: SessionEndReason } = {}): Promise<void> {
      await revoke(userId, { exceptSessionId: opts.except }, opts.reason ?? 'signed_out');
    },

    /** Verifies an access token and that its session is still alive (logout and revocation end it at once). */
    async authenticate(accessToken: string): Promise<AuthContext> {
      return live.get(accessToken) ?? liveClaims(accessToken);
    },

    /** The claims of a token already verified and still live, answered at once; undefined when it must be checked. */
    knownToken(accessToken: string): AuthContext | undefined {
      return live.get(accessToken);
    },

    /**
     * Whether revocations made on other servers reach this one (the Redis relay is subscribed). While
     * they may not, verified tokens are not kept: every request reads its session.
     */
    hearsRevocations(heard: boolean): void {
      live.setTrusted(heard);
    },

    /**
     * Like authenticate, but always asks the database and answers when the token expires: a socket
     * lives for hours, so it must not start on a session another server revoked a moment ago.
     */
    authenticateSocket: liveClaims,

    async changePassword(ctx: AuthContext, body: ChangePasswordBody): Promise<void> {
      const user = await users.findById(ctx.userId);
      if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
        throw new BadRequestError(sentence('error.auth.currentPasswordWrong'), [
          { path: 'currentPassword', message: 'Your current password is not correct.' },
        ]);
      }
      await users.update(user.id, { password_hash: await hashPassword(body.newPassword, passwordCost), updated_at: nowIso() });
      await revoke(user.id, { exceptSessionId: ctx.sessionId }, 'password_changed');
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
