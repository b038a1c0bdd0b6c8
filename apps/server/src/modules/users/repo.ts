/** SQL for user accounts: the users feature's own writes, and the reads other features make through its public API. */
import { sql, type Selectable } from 'kysely';
import type { Db, DialectName } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { UsersTable } from '../../db/tables/users';

export type UserRow = Selectable<UsersTable>;

/** Every column of a user, in the order the prepared read selects them. */
const USER_COLUMNS = [
  'id',
  'user_name',
  'user_name_lower',
  'full_name',
  'full_name_lower',
  'email',
  'user_bio',
  'avatar_url',
  'avatar_thumb_url',
  'password_hash',
  'role',
  'suspended_until',
  'created_at',
  'updated_at',
  'email_verified_at',
  'deleted_at',
  'language',
  'remote_host',
  'profile_url',
] as const satisfies ReadonlyArray<keyof UserRow>;
// A column added to the table and not to the list fails the build here.
const everyColumn: Exclude<keyof UserRow, (typeof USER_COLUMNS)[number]> extends never ? true : never = true;
void everyColumn;

// Long: a repository; each method is one short query, sharing the statements prepared once here.
export function userRepo(db: Db) {
  // Every signed-in page reads its user by id (`GET /users/me` is the authenticated floor): prepared once.
  const byId = preparedQuery<'id', unknown[]>(db, (p) => db.selectFrom('users').select(USER_COLUMNS).where('id', '=', p.id), {
    keepPlan: true,
  });
  return {
    insert(row: UserRow) {
      return db.insertInto('users').values(row).execute();
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId({ id });
      return row && (Object.fromEntries(USER_COLUMNS.map((c, i) => [c, row[i]])) as UserRow);
    },
    /** People as they are now; a deleted account's placeholder is not among them. */
    findByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as UserRow[]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    },
    /** Like findByIds, with the placeholders of deleted accounts: for conversations, which outlive them. */
    findByIdsWithDeleted(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as UserRow[]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
    /** Just the ids of users named (lower-cased) in `names`. */
    idsByUserNameLower(names: readonly string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'user_name_lower'])
        .where('user_name_lower', 'in', names)
        .where('deleted_at', 'is', null)
        .execute();
    },
    /** Whether any account was ever made on this server (a deleted one's row stays). */
    async anyAccount(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
    /**
     * Inside a transaction: waits for any other signup deciding whether it is the first account. PostgreSQL
     * needs the lock; SQLite runs one write transaction at a time already.
     */
    async lockFirstAccount(dialect: DialectName): Promise<void> {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('plaza:first-account'))`.execute(db);
    },
    /** Accounts whose address nobody confirmed yet, newest first. */
    unverified(limit: number) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email_verified_at', 'is', null)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    findByUserName(userName: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('user_name_lower', '=', userName.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
    },
    /** Taken by someone (other than `exceptId`), or held after its owner deleted their account. */
    async userNameTaken(userName: string, exceptId?: string) {
      const lower = userName.toLowerCase();
      let q = db.selectFrom('users').select('id').where('user_name_lower', '=', lower);
      if (exceptId) q = q.where('id', '!=', exceptId);
      if ((await q.executeTakeFirst()) !== undefined) return true;
      const held = await db
        .selectFrom('held_user_names')
        .select('user_name_lower')
        .where('user_name_lower', '=', lower)
        .where('held_until', '>', new Date().toISOString())
        .executeTakeFirst();
      return held !== undefined;
    },
    /** Accounts of this server (not deleted, not people of other servers): NodeInfo's user count. */
    async countLocal(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted_at', 'is', null)
        .where('remote_host', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listAll() {
      return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).orderBy('created_at').execute();
    },
    /** Removes the account row; everything still referencing it goes by the foreign keys' cascade. */
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('users').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    /** Keeps a user name from others until `until` (after its account was deleted). */
    async holdUserName(userNameLower: string, until: string) {
      await db
        .insertInto('held_user_names')
        .values({ user_name_lower: userNameLower, held_until: until })
        .onConflict((oc) => oc.column('user_name_lower').doUpdateSet({ held_until: until }))
        .execute();
    },
    update(id: string, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>) {
      return db.updateTable('users').set(patch).where('id', '=', id).execute();
    },
  };
}
