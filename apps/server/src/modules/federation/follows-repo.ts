/** SQL for the follows that carry friendships across servers (one row per direction between a local and a remote person). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { FederationFollowsTable } from '../../db/tables/federation';

export type FollowRow = Selectable<FederationFollowsTable>;

export function followsRepo(db: Db) {
  return {
    find(followerId: string, followeeId: string): Promise<FollowRow | undefined> {
      return db
        .selectFrom('federation_follows')
        .selectAll()
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
    },
    findByActivity(activityId: string): Promise<FollowRow | undefined> {
      return db.selectFrom('federation_follows').selectAll().where('activity_id', '=', activityId).executeTakeFirst();
    },
    /** Records a follow, or (a repeated Follow) its newest activity id, keeping an accepted one accepted. */
    async upsert(row: FollowRow): Promise<void> {
      await db
        .insertInto('federation_follows')
        .values(row)
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doUpdateSet({ activity_id: row.activity_id }))
        .execute();
    },
    async markAccepted(followerId: string, followeeId: string): Promise<void> {
      await db
        .updateTable('federation_follows')
        .set({ state: 'accepted' })
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .execute();
    },
    async delete(followerId: string, followeeId: string): Promise<void> {
      await db.deleteFrom('federation_follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
    },
    /** The remote people whose follow of `userId` was accepted: the followers collection. */
    async acceptedFollowersOf(userId: string) {
      return db
        .selectFrom('federation_follows as f')
        .innerJoin('remote_actors as r', 'r.user_id', 'f.follower_id')
        .select(['r.actor_url', 'r.inbox_url', 'r.shared_inbox_url'])
        .where('f.followee_id', '=', userId)
        .where('f.state', '=', 'accepted')
        .orderBy('f.created_at')
        .execute();
    },
  };
}
