/**
 * Two-factor sign-in with a TOTP app: set up (a pending secret), enable with a first code (ten recovery
 * codes, shown once), disable with the password and a code; and the log-in's second step. Codes are
 * counted against the account (RATE_LIMITS.twoFactorPerUser) and each time step is taken once. Switching
 * it on or off is announced (`twoFactorChanged`), so the owner is mailed either way.
 */
import { RECOVERY_CODE_COUNT, type LoginTwoFactorBody } from '@plaza/contract';
import type { Db } from '../../../db';
import type { EventBus } from '../../../lib/events';
import { ConflictError, fieldError, sentence } from '../../../lib/errors';
import { nowIso } from '../../../lib/ids';
import type { Limits } from '../../../security/limits';
import { userRepo } from '../../users';
import { challengeRepo } from '../challenges';
import { verifyPassword } from '../passwords';
import { hashToken, newRefreshToken } from '../tokens';
import { twoFactorRepo } from './repo';
import { codeStep, newRecoveryCode, newTotpSecret, otpauthUrl, totpKeys } from './totp';

const WRONG_PASSWORD = sentence('error.auth.passwordWrong');
const WRONG_CODE = sentence('error.twoFactor.wrongCode');
const WRONG_RECOVERY_CODE = sentence('error.twoFactor.wrongRecoveryCode');
const EXPIRED = sentence('error.twoFactor.expired');

export interface TwoFactorOptions {
  /** Derives the key that seals secrets and hashes recovery codes (the server's JWT secret). */
  serverSecret: string;
  /** The name an authenticator app shows beside the account. */
  issuer: string;
}

// Long: a service; each method is short and shares the repositories made once here.
export function twoFactorService(db: Db, limits: Limits, events: EventBus, opts: TwoFactorOptions) {
  const repo = twoFactorRepo(db);
  const users = userRepo(db);
  const challenges = challengeRepo(db);
  const keys = totpKeys(opts.serverSecret);

  async function checkPassword(userId: string, password: string) {
    const user = await users.findById(userId);
    if (!user || !(await verifyPassword(user.password_hash, password))) throw fieldError('password', WRONG_PASSWORD);
    return user;
  }

  /** A code from the app, taken once: true when right and its time step not used before. */
  async function takeCode(userId: string, sealed: string, code: string): Promise<boolean> {
    const step = codeStep(keys.open(sealed), code);
    return step !== null && (await repo.takeStep(userId, step));
  }

  /** A code from the app or, failing that, a recovery code (spent by using it). */
  async function takeAnyCode(userId: string, sealed: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) return takeCode(userId, sealed, code);
    return repo.spendRecoveryCode(userId, keys.hashRecoveryCode(code), nowIso());
  }

  async function enabledSecret(userId: string) {
    const row = await repo.find(userId);
    return row?.enabled_at ? row : null;
  }

  return {
    async status(userId: string) {
      const enabled = (await enabledSecret(userId)) !== null;
      return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(userId) : 0 };
    },

    async setup(userId: string, password: string) {
      await limits.consume('twoFactorPerUser', userId);
      const user = await checkPassword(userId, password);
      if (await enabledSecret(userId)) throw new ConflictError(sentence('error.twoFactor.alreadyOn'));
      const secret = newTotpSecret();
      await repo.savePending(userId, keys.seal(secret), nowIso());
      return { secret, otpauthUrl: otpauthUrl(secret, user.user_name, opts.issuer) };
    },

    async enable(userId: string, code: string): Promise<string[]> {
      const row = await repo.find(userId);
      if (!row) throw new ConflictError(sentence('error.twoFactor.notStarted'));
      if (row.enabled_at) throw new ConflictError(sentence('error.twoFactor.alreadyOn'));
      await limits.consume('twoFactorPerUser', userId);
      if (!(await takeCode(userId, row.sealed_secret, code))) throw fieldError('code', WRONG_CODE);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.enable(
        userId,
        nowIso(),
        codes.map((c) => keys.hashRecoveryCode(c)),
      );
      events.publish('twoFactorChanged', { userId, enabled: true, at: nowIso() });
      return codes;
    },

    async disable(userId: string, password: string, code: string): Promise<void> {
      const row = await enabledSecret(userId);
      if (!row) throw new ConflictError(sentence('error.twoFactor.notOn'));
      await limits.consume('twoFactorPerUser', userId);
      await checkPassword(userId, password);
      if (!(await takeAnyCode(userId, row.sealed_secret, code))) throw fieldError('code', WRONG_CODE);
      await repo.disable(userId);
      events.publish('twoFactorChanged', { userId, enabled: false, at: nowIso() });
    },

    /** For the log-in (auth's SecondStep): whether a code is needed, and a challenge to answer with it. */
    async required(userId: string): Promise<boolean> {
      return (await enabledSecret(userId)) !== null;
    },
    async challenge(userId: string): Promise<string> {
      const challenge = newRefreshToken();
      await challenges.create(hashToken(challenge), 'totp', userId);
      return challenge;
    },

    /**
     * The log-in's second step: the account whose challenge this is, once its code is right. A wrong code
     * leaves the challenge for another try (within the rate limit); a right one spends it.
     */
    async finish(body: LoginTwoFactorBody): Promise<string> {
      const id = hashToken(body.challenge);
      const found = await challenges.find(id, 'totp');
      const userId = found?.user_id;
      if (!userId) throw fieldError('challenge', EXPIRED);
      await limits.consume('twoFactorPerUser', userId);
      const row = await enabledSecret(userId);
      if (!row) throw fieldError('challenge', EXPIRED);
      if (body.code !== undefined) {
        if (!(await takeCode(userId, row.sealed_secret, body.code))) throw fieldError('code', WRONG_CODE);
      } else if (!(await repo.spendRecoveryCode(userId, keys.hashRecoveryCode(body.recoveryCode ?? ''), nowIso()))) {
        throw fieldError('recoveryCode', WRONG_RECOVERY_CODE);
      }
      if (!(await challenges.spend(id, 'totp'))) throw fieldError('challenge', EXPIRED);
      return userId;
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
