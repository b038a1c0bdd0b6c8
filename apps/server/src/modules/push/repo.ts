/** SQL for push subscriptions. */
import type { Db } from '../../db';
import type { PushSubscriptionsTable } from '../../db/tables/push';

export type SubscriptionRow = PushSubscriptionsTable;

export function subscriptionRepo(db: Db) {
  return {
    byEndpoint: (endpoint: string) => db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst(),
    byId: (id: string) => db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),
    ofUser: (userId: string) => db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),

    async hasAny(userId: string): Promise<boolean> {
      return (
        (await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined
      );
    },

    /** Which of the people have a device to push to. */
    async usersWithAny(userIds: readonly string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', userIds).execute();
      return rows.map((r) => r.user_id);
    },

    /**
     * Stores the device's subscription, or refreshes the keys of one the same person holds; false when the
     * endpoint is someone else's (nothing changes).
     */
    async upsertOwn(row: SubscriptionRow): Promise<boolean> {
      const res = await db
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({ p256dh: row.p256dh, auth: row.auth }).where('push_subscriptions.user_id', '=', row.user_id),
        )
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async deleteOwn(userId: string, endpoint: string): Promise<boolean> {
      const res = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
  };
}
