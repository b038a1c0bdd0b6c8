/** SQL for notifications. */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { NotificationsTable } from '../../db/tables/notifications';

export type NotificationRow = NotificationsTable;

// Long: a repository; each method is one short query.
export function notificationRepo(db: Db) {
  return {
    /** False when a notification with this id exists already. */
    async insertOnce(row: NotificationRow): Promise<boolean> {
      const res = await db
        .insertInto('notifications')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async insertMany(rows: NotificationRow[]): Promise<void> {
      if (rows.length) await db.insertInto('notifications').values(rows).execute();
    },

    /** A page of the recipient's notifications matching `only` (a condition on `actor_id`), newest first (ids are time-ordered). */
    page(recipientId: string, offset: number, limit: number, only: Expression<SqlBool>) {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('recipient_id', '=', recipientId)
        .where(only)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async counts(recipientId: string, only: Expression<SqlBool>): Promise<{ total: number; unread: number }> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('read', '=', 0).then(1).else(0).end()).as('unread'),
        ])
        .where('recipient_id', '=', recipientId)
        .where(only)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread ?? 0) };
    },

    /** False when there is no such notification of this recipient. */
    async markRead(id: string, recipientId: string): Promise<boolean> {
      const res = await db
        .updateTable('notifications')
        .set({ read: 1 })
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Removes what `recipientId` was told about one thing, e.g. a friend request that was withdrawn. */
    async deleteAbout(recipientId: string, type: NotificationRow['type'], entityId: string): Promise<void> {
      await db
        .deleteFrom('notifications')
        .where('recipient_id', '=', recipientId)
        .where('type', '=', type)
        .where('entity_id', '=', entityId)
        .execute();
    },

    /** Marks what `recipientId` was told about one thing as read, e.g. a friend request they answered. */
    async markReadAbout(recipientId: string, type: NotificationRow['type'], entityId: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read: 1 })
        .where('recipient_id', '=', recipientId)
        .where('type', '=', type)
        .where('entity_id', '=', entityId)
        .execute();
    },

    /** Removes everything anyone was told about a post (reactions, comments, comment likes and mentions on it). */
    async deleteAboutPost(postId: string): Promise<void> {
      await db
        .deleteFrom('notifications')
        .where('entity_id', '=', postId)
        .where('type', 'in', ['post_reaction', 'post_comment', 'comment_like', 'mention'])
        .execute();
    },

    /** Unread notifications of `types` made after `since` up to `until`, oldest first (the daily digest). */
    unreadBetween: (recipientId: string, since: string, until: string, limit: number) =>
      db
        .selectFrom('notifications')
        .select(['type', 'text'])
        .where('recipient_id', '=', recipientId)
        .where('read', '=', 0)
        .where('created_at', '>', since)
        .where('created_at', '<=', until)
        .orderBy('id')
        .limit(limit)
        .execute(),

    async clear(recipientId: string): Promise<number> {
      const res = await db.deleteFrom('notifications').where('recipient_id', '=', recipientId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
