/**
 * People of other servers as rows of `users` (migration 0121), written only by federation through this:
 * their user name is their handle (name@host[:port]), which no local name can be (local names have no
 * `@`); they have no email address or password, count as verified, and `remote_host` keeps them out of
 * sign-in, suggestions, the network list and name search.
 */
import type { Db } from '../../db';
import { newId, nowIso } from '../../lib/ids';

interface RemotePersonFields {
  /** name@host[:port] */
  handle: string;
  host: string;
  fullName: string;
  bio: string | null;
  profileUrl: string | null;
}

/** Never a deliverable address, and unique per row (the column is). */
const placeholderEmail = (id: string) => `${id}@remote.invalid`;

export function remotePeopleRepo(db: Db) {
  return {
    /**
     * The person's id, inserted or refreshed by handle; `knownId`, the row already kept for their actor,
     * is refreshed whatever its handle was (they renamed themselves there).
     */
    async upsert(p: RemotePersonFields, knownId?: string): Promise<string> {
      const now = nowIso();
      const lower = p.handle.toLowerCase();
      const fields = {
        user_name: p.handle,
        full_name: p.fullName,
        full_name_lower: p.fullName.toLowerCase(),
        user_bio: p.bio,
        profile_url: p.profileUrl,
        remote_host: p.host,
        updated_at: now,
      };
      const found = knownId
        ? { id: knownId }
        : await db.selectFrom('users').select('id').where('user_name_lower', '=', lower).executeTakeFirst();
      if (found) {
        await db
          .updateTable('users')
          .set({ ...fields, user_name_lower: lower })
          .where('id', '=', found.id)
          .execute();
        return found.id;
      }
      const id = newId();
      await db
        .insertInto('users')
        .values({
          ...fields,
          id,
          user_name_lower: lower,
          email: placeholderEmail(id),
          avatar_url: null,
          avatar_thumb_url: null,
          password_hash: '!',
          role: 'member',
          suspended_until: null,
          created_at: now,
          email_verified_at: now,
          deleted_at: null,
        })
        .onConflict((oc) => oc.column('user_name_lower').doUpdateSet(fields))
        .execute();
      const row = await db.selectFrom('users').select('id').where('user_name_lower', '=', lower).executeTakeFirstOrThrow();
      return row.id;
    },

    /** Sets (or, with null, clears) their avatar's files; answers the files it replaced. */
    async setAvatar(userId: string, files: { main: string; thumb: string } | null): Promise<string[]> {
      const before = await db
        .selectFrom('users')
        .select(['avatar_url', 'avatar_thumb_url'])
        .where('id', '=', userId)
        .where('remote_host', 'is not', null)
        .executeTakeFirst();
      await db
        .updateTable('users')
        .set({ avatar_url: files?.main ?? null, avatar_thumb_url: files?.thumb ?? null, updated_at: nowIso() })
        .where('id', '=', userId)
        .where('remote_host', 'is not', null)
        .execute();
      return [before?.avatar_url, before?.avatar_thumb_url].filter((u): u is string => !!u);
    },
  };
}
