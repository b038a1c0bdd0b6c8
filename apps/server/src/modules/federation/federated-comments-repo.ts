/**
 * SQL for comments that came from other servers: the id of their reply Note there, and who wrote it
 * (migration 0131, a row going with its comment), kept by comment too until the comment's deletion is sent
 * (`federated_comment_notes`, migration 0138).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { FederatedCommentsTable } from '../../db/tables/federation';

export type FederatedCommentRow = Selectable<FederatedCommentsTable>;

export function federatedCommentsRepo(db: Db) {
  return {
    /** Fails on a reply already stored, so the comment written beside it is rolled back. */
    async insert(row: FederatedCommentRow): Promise<void> {
      await db.insertInto('federated_comments').values(row).execute();
      await db.insertInto('federated_comment_notes').values(row).execute();
    },
    byObject(objectUrl: string): Promise<FederatedCommentRow | undefined> {
      return db.selectFrom('federated_comments').selectAll().where('object_url', '=', objectUrl).executeTakeFirst();
    },
    /** The Note of a comment from another server, while its deletion is still to be sent. */
    noteOf(commentId: string): Promise<FederatedCommentRow | undefined> {
      return db.selectFrom('federated_comment_notes').selectAll().where('comment_id', '=', commentId).executeTakeFirst();
    },
    async forgetNote(commentId: string): Promise<void> {
      await db.deleteFrom('federated_comment_notes').where('comment_id', '=', commentId).execute();
    },
    /** Notes of comments gone without a deletion to send (with their post), swept now and then. */
    async sweepNotes(): Promise<void> {
      await db
        .deleteFrom('federated_comment_notes')
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('comments').select('comments.id').whereRef('comments.id', '=', 'federated_comment_notes.comment_id')),
          ),
        )
        .execute();
    },
  };
}
