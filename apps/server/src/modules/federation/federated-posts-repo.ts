/** SQL for posts that came from other servers: the id of their Note there, and who wrote them (migration 0130). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { FederatedPostsTable } from '../../db/tables/federation';
import { friendIdsQuery } from '../people';
import { peopleOfBlockedHosts } from './instances-repo';

export type FederatedPostRow = Selectable<FederatedPostsTable>;

export function federatedPostsRepo(db: Db) {
  return {
    /** Fails on a Note already stored, so the post written beside it is rolled back. */
    async insert(row: FederatedPostRow): Promise<void> {
      await db.insertInto('federated_posts').values(row).execute();
    },
    byObject(objectUrl: string): Promise<FederatedPostRow | undefined> {
      return db.selectFrom('federated_posts').selectAll().where('object_url', '=', objectUrl).executeTakeFirst();
    },
    byPost(postId: string): Promise<FederatedPostRow | undefined> {
      return db.selectFrom('federated_posts').selectAll().where('post_id', '=', postId).executeTakeFirst();
    },
    /** How to reach the friends of `userId` who are people of other servers (not of blocked ones). */
    remoteFriendsOf(userId: string) {
      return db
        .selectFrom('remote_actors')
        .selectAll()
        .where('user_id', 'in', friendIdsQuery(db, userId))
        .where('user_id', 'not in', peopleOfBlockedHosts(db))
        .execute();
    },
    /** Whether `remoteId` is a friend of anyone of this server: only then are their posts taken in. */
    async hasLocalFriend(remoteId: string): Promise<boolean> {
      const row = await friendIdsQuery(db, remoteId).limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}
