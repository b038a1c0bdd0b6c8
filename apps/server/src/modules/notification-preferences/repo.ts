/** SQL for notification preferences. */
import type { Db } from '../../db';
import type { NotificationPreferencesTable } from '../../db/tables/push';

export type PreferencesRow = NotificationPreferencesTable;

export function preferencesRepo(db: Db) {
  return {
    find: (userId: string) => db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    async upsert(row: PreferencesRow): Promise<void> {
      const { user_id: _, ...changes } = row;
      await db
        .insertInto('notification_preferences')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
        .execute();
    },

    /** Daily-digest readers whose last digest ended before `before`, a batch after `afterId` in id order. */
    dueDigests: (before: string, afterId: string, limit: number) =>
      db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('digest', '=', 'daily')
        .where('digest_since', '<', before)
        .where('user_id', '>', afterId)
        .orderBy('user_id')
        .limit(limit)
        .execute(),

    /**
     * Moves a reader's digest mark from `from` to `to`; false when another process moved it first (that one
     * sends the digest), so two processes never mail the same digest.
     */
    async claimDigest(userId: string, from: string, to: string): Promise<boolean> {
      const res = await db
        .updateTable('notification_preferences')
        .set({ digest_since: to })
        .where('user_id', '=', userId)
        .where('digest_since', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
