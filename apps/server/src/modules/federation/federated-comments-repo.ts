/** SQL for comments that came from other servers: the id of their reply Note there, and who wrote it (migration 0131). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { FederatedCommentsTable } from '../../db/tables/federation';

export type FederatedCommentRow = Selectable<FederatedCommentsTable>;

export function federatedCommentsRepo(db: Db) {
  return {
    /** Fails on a reply already stored, so the comment written beside it is rolled back. */
    async insert(row: FederatedCommentRow): Promise<void> {
      await db.insertInto('federated_comments').values(row).execute();
    },
    byObject(objectUrl: string): Promise<FederatedCommentRow | undefined> {
      return db.selectFrom('federated_comments').selectAll().where('object_url', '=', objectUrl).executeTakeFirst();
    },
    byComment(commentId: string): Promise<FederatedCommentRow | undefined> {
      return db.selectFrom('federated_comments').selectAll().where('comment_id', '=', commentId).executeTakeFirst();
    },
  };
}
