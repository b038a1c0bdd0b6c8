/** SQL for user accounts: the users feature's own writes, and the reads other features make through its public API. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { UsersTable } from '../../db/tables/users';

export type UserRow = Selectable<UsersTable>;

export function userRepo(db: Db) {
  return {
    insert(row: UserRow) {
      return db.insertInto('users').values(row).execute();
    },
    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as UserRow[]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
    /** Just the ids of users named (lower-cased) in `names`. */
    idsByUserNameLower(names: readonly string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'user_name_lower']).where('user_name_lower', 'in', names).execute();
    },
    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    findByUserName(userName: string) {
      return db.selectFrom('users').selectAll().where('user_name_lower', '=', userName.toLowerCase()).executeTakeFirst();
    },
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    async userNameTaken(userName: string, exceptId?: string) {
      let q = db.selectFrom('users').select('id').where('user_name_lower', '=', userName.toLowerCase());
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    listAll() {
      return db.selectFrom('users').selectAll().orderBy('created_at').execute();
    },
    update(id: string, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>) {
      return db.updateTable('users').set(patch).where('id', '=', id).execute();
    },
  };
}
