/**
 * SQL for hashtags: the uses of each tag in posts and comments, the tag page, the trending count and the
 * prefix search. Who may be seen comes in as `Visible`, a condition on a person's id column (safety's rule
 * or, for everyone at once, only the suspension), so one query serves both.
 */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db';

/** The condition that the person in `column` may be seen. */
export type Visible = (column: string) => Expression<SqlBool>;

export interface TagUse {
  tag: string;
  people: number;
  posts: number;
}

/** Above every character a tag may hold, so `[prefix, prefix + this)` is every tag starting with prefix (byte order). */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';

// Long: a repository; each method is one short query.
export function hashtagRepo(db: Db) {
  /**
   * The post ids carrying `tag` that the viewer may see: by the post's own text, or by a visible comment on
   * it. With `first`, each half reads only its newest `first` ids from its index, enough for any page
   * ending there.
   */
  const visiblePostIds = (tag: string, visible: Visible, first?: number) => {
    const own = () => db.selectFrom('post_tags').select('post_id').where('tag', '=', tag).where(visible('author_id'));
    const byComment = () =>
      db.selectFrom('comment_tags').select('post_id').where('tag', '=', tag).where(visible('author_id')).where(visible('post_author_id'));
    if (first === undefined) return own().union(byComment());
    return db
      .selectFrom(own().orderBy('post_id', 'desc').limit(first).as('o'))
      .select('o.post_id')
      .union(db.selectFrom(byComment().orderBy('post_id', 'desc').limit(first).as('c')).select('c.post_id'));
  };

  return {
    /** The tags a post's text holds now, to tell the added from the removed on an edit. */
    async tagsOfPost(postId: string): Promise<string[]> {
      const rows = await db.selectFrom('post_tags').select('tag').where('post_id', '=', postId).execute();
      return rows.map((r) => r.tag);
    },
    /** Every tag stays known to the search once used, even when its posts go. */
    async remember(tags: readonly string[], at: string): Promise<void> {
      if (tags.length === 0) return;
      await db
        .insertInto('hashtags')
        .values(tags.map((tag) => ({ tag, created_at: at })))
        .onConflict((oc) => oc.column('tag').doNothing())
        .execute();
    },
    async addPostTags(postId: string, authorId: string, tags: readonly string[], at: string): Promise<void> {
      if (tags.length === 0) return;
      await db
        .insertInto('post_tags')
        .values(tags.map((tag) => ({ tag, post_id: postId, author_id: authorId, created_at: at })))
        .onConflict((oc) => oc.columns(['tag', 'post_id']).doNothing())
        .execute();
    },
    async removePostTags(postId: string, tags: readonly string[]): Promise<void> {
      if (tags.length === 0) return;
      await db.deleteFrom('post_tags').where('post_id', '=', postId).where('tag', 'in', tags).execute();
    },
    async addCommentTags(
      comment: { id: string; postId: string; authorId: string; postAuthorId: string; createdAt: string },
      tags: readonly string[],
    ): Promise<void> {
      if (tags.length === 0) return;
      const { id, postId, authorId, postAuthorId, createdAt } = comment;
      await db
        .insertInto('comment_tags')
        .values(
          tags.map((tag) => ({
            comment_id: id,
            tag,
            post_id: postId,
            author_id: authorId,
            post_author_id: postAuthorId,
            created_at: createdAt,
          })),
        )
        .execute();
    },

    /** One page of the tag's posts, newest first (post ids are time-ordered). */
    async pageOfPostIds(tag: string, visible: Visible, limit: number, offset: number): Promise<string[]> {
      const rows = await db
        .selectFrom(visiblePostIds(tag, visible, offset + limit).as('t'))
        .select('t.post_id')
        .orderBy('t.post_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.post_id);
    },
    async countPosts(tag: string, visible: Visible): Promise<number> {
      const row = await db
        .selectFrom(visiblePostIds(tag, visible).as('t'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The tags used since `since` by the most distinct visible people, then on the most posts. */
    async trending(since: string, visible: Visible, limit: number): Promise<TagUse[]> {
      const uses = db
        .selectFrom('post_tags')
        .select(['tag', 'author_id as user_id', 'post_id'])
        .where('created_at', '>=', since)
        .where(visible('author_id'))
        .unionAll(
          db
            .selectFrom('comment_tags')
            .select(['tag', 'author_id as user_id', 'post_id'])
            .where('created_at', '>=', since)
            .where(visible('author_id'))
            .where(visible('post_author_id')),
        );
      const rows = await db
        .selectFrom(uses.as('u'))
        .select((eb) => [
          'u.tag',
          eb.fn.count<number>('u.user_id').distinct().as('people'),
          eb.fn.count<number>('u.post_id').distinct().as('posts'),
        ])
        .groupBy('u.tag')
        .orderBy('people', 'desc')
        .orderBy('posts', 'desc')
        .orderBy('u.tag')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ tag: r.tag, people: Number(r.people), posts: Number(r.posts) }));
    },
    /** The latest use of any tag: the trending list is worked out again only after it moves. */
    async latestUse(): Promise<string | null> {
      const [posts, comments] = await Promise.all([
        db
          .selectFrom('post_tags')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .executeTakeFirst(),
        db
          .selectFrom('comment_tags')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .executeTakeFirst(),
      ]);
      const times = [posts?.at, comments?.at].filter((t): t is string => typeof t === 'string');
      return times.sort().at(-1) ?? null;
    },

    /** Known tags starting with `prefix`, in byte order. */
    async startingWith(prefix: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('hashtags')
        .select('tag')
        .where('tag', '>=', prefix)
        .where('tag', '<', prefix + AFTER_EVERY_CHARACTER)
        .orderBy('tag')
        .limit(limit)
        .execute();
      return rows.map((r) => r.tag);
    },
    /** How many visible posts carry each of the tags (as their tag pages count them); tags with none are left out. */
    async postCounts(tags: readonly string[], visible: Visible): Promise<Map<string, number>> {
      if (tags.length === 0) return new Map();
      const pairs = db
        .selectFrom('post_tags')
        .select(['tag', 'post_id'])
        .where('tag', 'in', tags)
        .where(visible('author_id'))
        .union(
          db
            .selectFrom('comment_tags')
            .select(['tag', 'post_id'])
            .where('tag', 'in', tags)
            .where(visible('author_id'))
            .where(visible('post_author_id')),
        );
      const rows = await db
        .selectFrom(pairs.as('p'))
        .select((eb) => ['p.tag', eb.fn.countAll<number>().as('n')])
        .groupBy('p.tag')
        .execute();
      return new Map(rows.map((r) => [r.tag, Number(r.n)]));
    },
  };
}
