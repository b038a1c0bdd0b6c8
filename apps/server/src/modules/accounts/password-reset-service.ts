/** Forgotten passwords: a single-use link valid for an hour, mailed on request; using it ends every session. */
import { RESET_TOKEN_TTL_MINUTES } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { mails, type Mailer } from '../../mail';
import { hashPassword } from '../auth';
import { userRepo } from '../users';
import { instanceOf } from './instance';
import { invalidLink, linkTokens } from './link-tokens';

/** Reset mails one address may receive in an hour; beyond it requests are answered alike and send nothing. */
const RESET_MAILS_PER_HOUR = 3;

export function passwordResetService(ctx: AppContext, mailer: Mailer) {
  const users = userRepo(ctx.db);
  const tokens = linkTokens(ctx.db);
  const instance = instanceOf(ctx.config);
  const log = ctx.log.child({ part: 'password-reset' });
  const running = new Set<Promise<void>>();
  // Requests for one address run one after another, so the hourly limit counts the links already minted.
  const queues = new Map<string, Promise<void>>();

  async function mailResetLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const sent = await tokens.sentSince(user.id, 'reset_password', new Date(Date.now() - 3_600_000).toISOString());
    if (sent >= RESET_MAILS_PER_HOUR) return;
    const token = await tokens.mint(user.id, 'reset_password', user.email, RESET_TOKEN_TTL_MINUTES * 60_000);
    // A job once queued: an SMTP server that refuses for a while still gets it.
    mailer.sendLater({ to: user.email, ...mails.resetPassword(instance, { fullName: user.full_name, language: user.language }, token) });
  }

  return {
    /**
     * Answers at once and does the work afterwards, so the answer and its timing are the same whether
     * or not the address belongs to an account.
     */
    request(email: string): void {
      const run: Promise<void> = (queues.get(email) ?? Promise.resolve())
        .then(() => mailResetLink(email))
        .catch((err: unknown) => log.error({ err }, 'a password reset mail could not be sent'))
        .finally(() => {
          running.delete(run);
          if (queues.get(email) === run) queues.delete(email);
        });
      queues.set(email, run);
      running.add(run);
    },

    async reset(token: string, newPassword: string): Promise<void> {
      const link = await tokens.spend(token, ['reset_password']);
      const user = await users.findById(link.user_id);
      // A link sent to an address the account no longer has proves nothing.
      if (!user || user.email !== link.email) throw invalidLink();
      const now = nowIso();
      // Opening the mailed link also proves the address is theirs.
      await users.update(user.id, {
        password_hash: await hashPassword(newPassword, ctx.config.passwordCost),
        email_verified_at: user.email_verified_at ?? now,
        updated_at: now,
      });
      if (user.email_verified_at === null) ctx.events.publish('accountChanged', { userId: user.id });
      await tokens.spendAll(user.id, 'reset_password', now);
      await ctx.auth.revokeAllSessions(user.id, { reason: 'password_changed' });
    },

    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
