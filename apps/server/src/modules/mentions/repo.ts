/** SQL for mentions; names as they are now come from the users feature's `publicUsers`. */
import type { Db } from '../../db';
import type { MentionsTable, MentionTarget } from '../../db/tables/mentions';
import { publicUsers } from '../users';

export type MentionRow = MentionsTable;

export function mentionRepo(db: Db) {
  return {
    /** The names a text's stored mentions were written as, with their people. */
    ofTarget(targetType: MentionTarget, targetId: string) {
      return db
        .selectFrom('mentions')
        .select(['mentioned_as', 'user_id'])
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .execute();
    },

    async insert(rows: MentionRow[]): Promise<void> {
      if (rows.length) await db.insertInto('mentions').values(rows).execute();
    },

    async remove(targetType: MentionTarget, targetId: string, names: readonly string[]): Promise<void> {
      if (names.length === 0) return;
      await db
        .deleteFrom('mentions')
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .where('mentioned_as', 'in', names)
        .execute();
    },

    async removeAll(targetType: MentionTarget, targetId: string): Promise<void> {
      await db.deleteFrom('mentions').where('target_type', '=', targetType).where('target_id', '=', targetId).execute();
    },

    /** The stored mentions of these texts with each person's name now; a deleted account's are left out. */
    withNames(targetType: MentionTarget, targetIds: readonly string[]) {
      if (targetIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('mentions as m')
        .innerJoin(publicUsers(db).as('u'), 'u.id', 'm.user_id')
        .select(['m.target_id', 'm.mentioned_as', 'm.user_id', 'u.user_name'])
        .where('m.target_type', '=', targetType)
        .where('m.target_id', 'in', targetIds)
        .execute();
    },

    /** The newest posts that mention the person, in their text or a comment: their rendering names them. */
    async postsMentioning(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mentions')
        .select('post_id')
        .distinct()
        .where('user_id', '=', userId)
        .where('post_id', 'is not', null)
        .orderBy('post_id', 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap((r) => (r.post_id ? [r.post_id] : []));
    },
  };
}
