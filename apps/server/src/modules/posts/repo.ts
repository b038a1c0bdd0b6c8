/** SQL for posts: rows, lists by author and of everyone, and what one viewer holds on a page of posts. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { PostsTable } from '../../db/tables/posts';
import { viewerKindsOn } from '../reactions';
import { publicUsers } from '../users';
import { viewerFavoriteOn } from './viewer-marks';

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;

/**
 * A post with its author's public columns and what one viewer holds on it: their reaction kinds as a
 * bit set (REACTION_TYPES order) and their favorite mark.
 */
export type ViewedPostRow = PostRow & {
  author_user_name: string;
  author_full_name: string;
  author_avatar_url: string | null;
  author_user_bio: string | null;
  author_created_at: string;
  viewer_kinds: number | null;
  viewer_favorite: number;
};

// Long: a repository; each method is one short query.
export function postRepo(db: Db) {
  return {
    insert(row: NewPostRow) {
      return db.insertInto('posts').values(row).execute();
    },
    findById(id: string) {
      return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Writes an author's edit: the new text and remaining media, and when it happened. */
    async update(id: string, change: { content: string; media?: string; edited_at: string; link_preview?: null }): Promise<boolean> {
      const res = await db.updateTable('posts').set(change).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Replaces the post's media, unless the post is gone or its media are no longer `from` (an edit came first). */
    async swapMedia(id: string, from: string, to: string): Promise<boolean> {
      const res = await db.updateTable('posts').set({ media: to }).where('id', '=', id).where('media', '=', from).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Keeps the card of the post's link, unless the post is gone or its text changed since the card was asked for. */
    async setLinkPreview(id: string, content: string, card: string): Promise<boolean> {
      const res = await db
        .updateTable('posts')
        .set({ link_preview: card })
        .where('id', '=', id)
        .where('content', '=', content)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Reactions, comments (and their likes) and favorites go with it by the foreign keys' cascade. */
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    /** Every post of one author, oldest first. */
    allByAuthor(authorId: string) {
      return db.selectFrom('posts').selectAll().where('author_id', '=', authorId).orderBy('id').execute();
    },
    /** When the author's posts since `since` were published, oldest first, at most `limit` of them. */
    async publishedSince(authorId: string, since: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('posts')
        .select('created_at')
        .where('author_id', '=', authorId)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.created_at);
    },
    async pageIdsByAuthor(authorId: string, limit: number, offset: number): Promise<string[]> {
      const rows = await db
        .selectFrom('posts')
        .select('id')
        .where('author_id', '=', authorId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    },
    async countByAuthor(authorId: string): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', authorId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The posts with their authors' public columns and the viewer's reactions and favorite mark, in one round trip. */
    findViewed(viewerId: string, ids: readonly string[]): Promise<ViewedPostRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('posts')
        .innerJoin(publicUsers(db).as('u'), 'u.id', 'posts.author_id')
        .selectAll('posts')
        .select([
          'u.user_name as author_user_name',
          'u.full_name as author_full_name',
          'u.avatar_url as author_avatar_url',
          'u.user_bio as author_user_bio',
          'u.created_at as author_created_at',
        ])
        .select([viewerKindsOn('posts.id', viewerId).as('viewer_kinds'), viewerFavoriteOn('posts.id', viewerId).as('viewer_favorite')])
        .where('posts.id', 'in', ids)
        .execute();
    },
  };
}
export type PostRepo = ReturnType<typeof postRepo>;
