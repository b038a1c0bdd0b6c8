/** A user's own notifications: list, mark read, clear. Nobody reaches another user's. */
import type { Notification, PageQuery, Pagination } from '@plaza/contract';
import type { AppContext } from '../../context';
import { NotFoundError, sentence } from '../../lib/errors';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { nowIso } from '../../lib/ids';
import { notHidden } from '../safety';
import { userRepo } from '../users';
import { translator } from '../../texts';
import { presentNotification } from './presenters';
import { notificationRepo } from './repo';
import { notificationTexts } from './texts';

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
      // The reader comes with the actors: their language now is the one the lines are read in.
      const people = new Map((await users.findByIds([...new Set([userId, ...rows.map((r) => r.actor_id)])])).map((u) => [u.id, u]));
      const reader = people.get(userId);
      const texts = reader && notificationTexts(translator(reader.language));
      return {
        notifications: rows.flatMap((r) => {
          const actor = people.get(r.actor_id);
          return actor ? [presentNotification(r, actor, texts)] : [];
        }),
        unreadCount: counts.unread,
        pagination: pageInfo(page, limit, counts.total),
      };
    },

    async markRead(userId: string, id: string): Promise<void> {
      // Someone else's notification answers exactly like a missing one, so ids reveal nothing.
      if (!(await notifications.markRead(id, userId))) throw new NotFoundError(sentence('error.notification.notFound'));
    },

    clear(userId: string): Promise<number> {
      return notifications.clear(userId);
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
