/**
 * Addresses confirmed by hand: on a server that cannot send mail nobody receives a link, so its admins
 * confirm the people they know, from /admin or the command line (`npm run admin -- verify <userName>`).
 */
import type { UnverifiedAccount } from '@plaza/contract';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { presentPublicUser, userRepo, type UserRow } from '../users';
import { auditRepo } from './audit-repo';
import { requireRole } from './roles';

const LISTED = 100;

/** Confirms the address of `user`; false when it was confirmed already. The audit log names `adminId` (null: the command line). */
export async function confirmEmail(db: Db, events: EventBus, user: UserRow, adminId: string | null): Promise<boolean> {
  if (user.email_verified_at !== null) return false;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await userRepo(trx).update(user.id, { email_verified_at: now, updated_at: now });
    await auditRepo(trx).insert({
      id: newId(),
      action: 'verify',
      moderator_id: adminId,
      target_user_id: user.id,
      target_type: 'user',
      target_id: user.id,
      report_id: null,
      reason: adminId ? 'Email address confirmed by an admin' : 'Email address confirmed from the command line',
      detail: user.email,
      created_at: now,
    });
    // Recorded, not published: the command line has no server of its own to tell, a running one hears it from the outbox.
    await events.record(trx, 'accountChanged', { userId: user.id });
  });
  return true;
}

export function accountReview(db: Db, events: EventBus) {
  return {
    async unverified(adminId: string): Promise<UnverifiedAccount[]> {
      await requireRole(db, adminId, ['admin']);
      const rows = await userRepo(db).unverified(LISTED);
      return rows.map((row) => ({ user: presentPublicUser(row), email: row.email, createdAt: row.created_at }));
    },

    async confirm(adminId: string, userId: string): Promise<void> {
      await requireRole(db, adminId, ['admin']);
      const user = await userRepo(db).findById(userId);
      if (!user || user.deleted_at) throw new NotFoundError(sentence('error.account.gone'));
      await confirmEmail(db, events, user, adminId);
    },
  };
}
export type AccountReview = ReturnType<typeof accountReview>;
