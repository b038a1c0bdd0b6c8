/** Email addresses: the verification link mailed at signup (and again on request), and changing the address. */
import { VERIFY_TOKEN_TTL_HOURS, type VerifyEmailResponse } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError, sentence, TooManyRequestsError } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { mails, type Mailer } from '../../mail';
import { verifyPassword } from '../auth';
import { userRepo, type UserRow } from '../users';
import { instanceOf } from './instance';
import { invalidLink, linkTokens } from './link-tokens';

const HOUR_MS = 3_600_000;
/** Links of one kind a person may have mailed in an hour, so nobody turns Plaza into a mail cannon. */
const MAILS_PER_HOUR = 3;

// Long: a service; each method is short and shares the repositories made once here.
export function emailService(ctx: AppContext, mailer: Mailer) {
  const users = userRepo(ctx.db);
  const tokens = linkTokens(ctx.db);
  const instance = instanceOf(ctx.config);
  const ttl = VERIFY_TOKEN_TTL_HOURS * HOUR_MS;

  async function load(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new NotFoundError(sentence('error.account.gone'));
    return user;
  }

  async function underHourlyLimit(userId: string, purpose: 'verify_email' | 'cancel_email_change'): Promise<boolean> {
    return (await tokens.sentSince(userId, purpose, new Date(Date.now() - HOUR_MS).toISOString())) < MAILS_PER_HOUR;
  }

  async function mailVerification(user: UserRow): Promise<void> {
    const token = await tokens.mint(user.id, 'verify_email', user.email, ttl);
    mailer.sendLater({ to: user.email, ...mails.verifyEmail(instance, { fullName: user.full_name, language: user.language }, token) });
  }

  return {
    /** At signup: the first link. */
    async welcome(userId: string): Promise<void> {
      const user = await users.findById(userId);
      if (user && user.email_verified_at === null) await mailVerification(user);
    },

    async resend(userId: string): Promise<void> {
      const user = await load(userId);
      if (user.email_verified_at !== null) throw new ConflictError(sentence('error.email.alreadyConfirmed'));
      if (!(await underHourlyLimit(userId, 'verify_email'))) {
        throw new TooManyRequestsError(sentence('error.email.tooManyLinks'), 600);
      }
      await mailVerification(user);
    },

    /** Opens a verification or change-of-address link. */
    async verify(token: string): Promise<Omit<VerifyEmailResponse, 'success'>> {
      const link = await tokens.spend(token, ['verify_email', 'change_email']);
      const user = await users.findById(link.user_id);
      if (!user) throw invalidLink();
      const now = nowIso();
      if (link.purpose === 'verify_email') {
        // The address changed since this link was sent: it proves nothing about the current one.
        if (link.email !== user.email) throw invalidLink();
        if (user.email_verified_at === null) {
          await users.update(user.id, { email_verified_at: now, updated_at: now });
          ctx.events.publish('accountChanged', { userId: user.id });
        }
        return { email: user.email, changed: false };
      }
      try {
        await users.update(user.id, { email: link.email, email_verified_at: now, updated_at: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(sentence('error.email.taken'));
        throw err;
      }
      ctx.events.publish('accountChanged', { userId: user.id });
      return { email: link.email, changed: true };
    },

    /**
     * Mails a confirmation link to the new address and a notice with a cancel link to the current one;
     * nothing changes until the link is opened. An address another account uses is answered alike and
     * gets no mail, so the answer never tells who has an account (docs/decisions/accounts.md).
     */
    async requestChange(userId: string, newEmail: string, password: string): Promise<void> {
      const user = await load(userId);
      if (!(await verifyPassword(user.password_hash, password))) {
        throw new BadRequestError(sentence('error.auth.passwordWrong'), [{ path: 'password', message: 'Your password is not correct.' }]);
      }
      if (newEmail === user.email) {
        throw new BadRequestError(sentence('error.email.same'), [{ path: 'email', message: 'Enter a different address' }]);
      }
      // Counted by the notices (one per request, taken address or not), so the limit tells nothing either.
      if (!(await underHourlyLimit(userId, 'cancel_email_change'))) {
        throw new TooManyRequestsError(sentence('error.email.tooManyChanges'), 600);
      }
      const to = { fullName: user.full_name, language: user.language };
      if (await users.findByEmail(newEmail)) {
        // Nothing can change: the links pending so far are voided as a new request would void them.
        await tokens.spendAll(user.id, 'change_email', nowIso());
      } else {
        const token = await tokens.mint(user.id, 'change_email', newEmail, ttl);
        mailer.sendLater({ to: newEmail, ...mails.confirmNewEmail(instance, to, token) });
      }
      const cancel = await tokens.mint(user.id, 'cancel_email_change', user.email, ttl);
      mailer.sendLater({ to: user.email, ...mails.emailChangeNotice(instance, to, newEmail, cancel) });
    },

    /** Opens the cancel link of a change notice: no pending change-of-address link works any more. */
    async cancelChange(token: string): Promise<void> {
      const link = await tokens.spend(token, ['cancel_email_change']);
      await tokens.spendAll(link.user_id, 'change_email', nowIso());
    },
  };
}
export type EmailService = ReturnType<typeof emailService>;
