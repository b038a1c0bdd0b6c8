/**
 * Who may moderate. Roles live on the account (`users.role`); only the command line (`npm run admin`)
 * changes them (and the first signup of a server without mail, auth/service.ts), and each change is written to the audit log like any moderation action.
 */
import type { Role } from '@plaza/contract';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { userRepo } from '../users';
import { auditRepo } from './audit-repo';

const STAFF: readonly Role[] = ['moderator', 'admin'];

/** The caller's role when it is one of `allowed`; 403 otherwise (also for an account that is gone). */
export async function requireRole(db: Db, userId: string, allowed: readonly Role[] = STAFF): Promise<Role> {
  const user = await userRepo(db).findById(userId);
  if (!user || !allowed.includes(user.role)) throw new ForbiddenError(sentence('error.moderation.only'));
  return user.role;
}

export const isStaff = (role: Role) => STAFF.includes(role);

/**
 * Sets a person's role by user name, from the command line; the audit log records it with no moderator,
 * and the outbox tells a running server (users/account-live.ts), so the person's session applies it at once.
 */
export async function setRole(db: Db, events: EventBus, userName: string, role: Role): Promise<{ userName: string; previous: Role }> {
  const users = userRepo(db);
  const user = await users.findByUserName(userName);
  if (!user) throw new NotFoundError(sentence('error.moderation.noSuchUser', { userName }));
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await userRepo(trx).update(user.id, { role, updated_at: now });
    await auditRepo(trx).insert({
      id: newId(),
      action: role === 'member' ? 'revoke' : 'grant',
      moderator_id: null,
      target_user_id: user.id,
      target_type: 'user',
      target_id: user.id,
      report_id: null,
      reason: 'Changed from the command line',
      detail: role,
      created_at: now,
    });
    await events.record(trx, 'accountChanged', { userId: user.id });
  });
  return { userName: user.user_name, previous: user.role };
}
