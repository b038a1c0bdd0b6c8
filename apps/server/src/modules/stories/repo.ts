/** SQL of the stories feature; friendships and viewers' names are read through the people and users features' query functions. */
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { StoriesTable } from '../../db/tables/stories';
import type { MediaGrant } from '../../security/signed-media';
import { areFriends, friendIdsQuery, isFriendOf } from '../people';
import { mayInteractWith, notFeedHidden } from '../safety';
import { publicUsers, staffIdsQuery } from '../users';

export type StoryRow = StoriesTable;
export type VisibleStoryRow = StoryRow & { viewed_by_me: number };

// Long: a repository; each method is one short query.
export function storyRepo(db: Db) {
  const friendIdsOf = (userId: string) => friendIdsQuery(db, userId);

  return {
    insert(row: StoryRow) {
      return db.insertInto('stories').values(row).execute();
    },

    findById(id: string) {
      return db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();
    },

    areFriends: (a: string, b: string) => areFriends(db, a, b),

    /**
     * The viewer's and their friends' stories unexpired at `now` (but for those muted or suspended), oldest
     * first, each with whether the viewer watched it. A friend's video shows once it plays; the viewer's own
     * shows while it is processing or failed too.
     */
    listVisible(viewerId: string, now: string): Promise<VisibleStoryRow[]> {
      return db
        .selectFrom('stories')
        .leftJoin('story_views', (j) => j.onRef('story_views.story_id', '=', 'stories.id').on('story_views.viewer_id', '=', viewerId))
        .selectAll('stories')
        .select((eb) => eb.case().when('story_views.story_id', 'is not', null).then(1).else(0).end().as('viewed_by_me'))
        .where((eb) =>
          eb.or([
            eb('stories.user_id', '=', viewerId),
            eb.and([eb('stories.user_id', 'in', friendIdsOf(viewerId)), eb('stories.status', 'is', null)]),
          ]),
        )
        .where('stories.expires_at', '>', now)
        .where(notFeedHidden(db, 'stories.user_id', viewerId, now))
        .orderBy('stories.created_at')
        .orderBy('stories.id')
        .execute();
    },

    /**
     * Whether the file at `url` belongs to the grant's story and its viewer may see it at `now`: the owner,
     * or a friend with no block either way and nobody suspended once it plays (service.ts's `loadVisible`, in one query);
     * for a moderator, while the story exists and they hold the role.
     */
    async mediaVisible(grant: MediaGrant, url: string, now: string): Promise<boolean> {
      const { storyId, viewerId } = grant;
      let query = db
        .selectFrom('stories')
        .select('stories.id')
        .where('stories.id', '=', storyId)
        .where((eb) => eb.or([eb('stories.media_url', '=', url), eb('stories.poster_url', '=', url)]));
      query =
        grant.as === 'moderator'
          ? query.where(() => sql<boolean>`${viewerId} in ${staffIdsQuery(db)}`)
          : query
              .where('stories.expires_at', '>', now)
              .where((eb) =>
                eb.or([
                  eb('stories.user_id', '=', viewerId),
                  eb.and([
                    eb('stories.status', 'is', null),
                    isFriendOf(db, 'stories.user_id', viewerId),
                    mayInteractWith(db, 'stories.user_id', viewerId, now),
                  ]),
                ]),
              );
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** View counts of the given stories (absent = 0), in one grouped query. */
    async viewCounts(storyIds: readonly string[]): Promise<Map<string, number>> {
      if (storyIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('story_views')
        .select((eb) => ['story_id', eb.fn.countAll<number>().as('n')])
        .where('story_id', 'in', storyIds)
        .groupBy('story_id')
        .execute();
      return new Map(rows.map((r) => [r.story_id, Number(r.n)]));
    },

    /** Records a view once per viewer; repeating it changes nothing. */
    async recordView(storyId: string, viewerId: string, at: string): Promise<void> {
      await db
        .insertInto('story_views')
        .values({ story_id: storyId, viewer_id: viewerId, viewed_at: at })
        .onConflict((oc) => oc.columns(['story_id', 'viewer_id']).doNothing())
        .execute();
    },

    /** Who watched the story, latest first, with their public columns. */
    viewers(storyId: string) {
      return db
        .selectFrom('story_views')
        .innerJoin(publicUsers(db).as('u'), 'u.id', 'story_views.viewer_id')
        .selectAll('u')
        .select('story_views.viewed_at')
        .where('story_views.story_id', '=', storyId)
        .orderBy('story_views.viewed_at', 'desc')
        .orderBy('u.id')
        .execute();
    },

    /** Views go with the story through the foreign key's cascade. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('stories').where('id', '=', id).execute();
    },

    /** One person's stories unexpired at `now`, oldest first. */
    allOf(userId: string, now: string) {
      return db
        .selectFrom('stories')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .execute();
    },
    /** Deletes every story of one person, expired or not; answers their media and poster URLs and kept uploads. */
    deleteAllOf(userId: string) {
      return db.deleteFrom('stories').where('user_id', '=', userId).returning(['media_url', 'poster_url', 'source_key']).execute();
    },
    listExpired(now: string, limit: number) {
      return db
        .selectFrom('stories')
        .select(['id', 'media_url', 'poster_url', 'source_key'])
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },

    /**
     * Settles a processing video: ready (status null, the upload's key dropped) or failed. False when the
     * story is gone or no longer processing (an earlier run settled it), so a second run changes nothing.
     */
    async settleVideo(id: string, status: 'failed' | null): Promise<boolean> {
      const result = await db
        .updateTable('stories')
        .set({ status, source_key: null })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteMany(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('stories').where('id', 'in', ids).execute();
    },
  };
}
