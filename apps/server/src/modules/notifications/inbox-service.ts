/** A user's own notifications: list, mark read, clear. Nobody reaches another user's. */
import type { Notification, PageQuery, Pagination } from '@plaza/contract';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { nowIso } from '../../lib/ids';
import { notHidden } from '../safety';
import { userRepo } from '../users';
import { presentNotification } from './presenters';
import { notificationRepo } from './repo';

export function inboxService(ctx: AppContext) {
  const notifications = notificationRepo(ctx.db);
  const users = userRepo(ctx.db);

  return {
    async list(
      userId: string,
      { page, limit }: PageQuery,
    ): Promise<{ notifications: Notification[]; unreadCount: number; pagination: Pagination }> {
      // What people hidden from the reader did stays stored, and out of sight while they are.
      const visible = notHidden(ctx.db, 'actor_id', userId, nowIso());
      const [rows, counts] = await Promise.all([
        notifications.page(userId, offsetOf(page, limit), limit, visible),
        notifications.counts(userId, visible),
      ]);
      const actors = new Map((await users.findByIds([...new Set(rows.map((r) => r.actor_id))])).map((u) => [u.id, u]));
      return {
        notifications: rows.flatMap((r) => {
          const actor = actors.get(r.actor_id);
          return actor ? [presentNotification(r, actor)] : [];
        }),
        unreadCount: counts.unread,
        pagination: pageInfo(page, limit, counts.total),
      };
    },

    async markRead(userId: string, id: string): Promise<void> {
      // Someone else's notification answers exactly like a missing one, so ids reveal nothing.
      if (!(await notifications.markRead(id, userId))) throw new NotFoundError('Notification not found.');
    },

    clear(userId: string): Promise<number> {
      return notifications.clear(userId);
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
