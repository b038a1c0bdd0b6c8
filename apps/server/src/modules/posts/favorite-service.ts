/** Favorites: a private bookmark on any post the person can see. */
import type { PostsPageQuery } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { ConflictError, sentence } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { favoriteRepo } from './favorite-repo';
import { postHydrator } from './hydrate';
import { existingPost, postGone } from './post-lookup';
import { postRepo } from './repo';
import { timelineReadModel } from './timeline-read-model';

export function favoriteService(ctx: AppContext) {
  const favorites = favoriteRepo(ctx.db);
  const hydrate = postHydrator(ctx.db);

  return {
    /** Marks or unmarks; answers whether the post is a favorite now. */
    async toggle(userId: string, postId: string): Promise<boolean> {
      await existingPost(postRepo(ctx.db), postId);
      try {
        const favorite = await ctx.db.transaction().execute(async (trx) => {
          const repo = favoriteRepo(trx);
          const mark = async (favorite: boolean) => {
            await timelineReadModel(trx).markFavorite(userId, postId, favorite);
            return favorite;
          };
          // A concurrent toggle may land between the two statements; another round settles it.
          for (let round = 0; round < 3; round++) {
            if (await repo.remove(userId, postId)) return mark(false);
            if (await repo.add(userId, postId, nowIso())) return mark(true);
          }
          throw new ConflictError(sentence('error.favorite.changed'));
        });
        ctx.events.publish('feedPagesChanged', { readerIds: [userId] });
        return favorite;
      } catch (err) {
        if (isForeignKeyViolation(err)) throw postGone();
        throw err;
      }
    },

    async list(userId: string, q: PostsPageQuery) {
      const [ids, total] = await Promise.all([favorites.pageIds(userId, q.limit, offsetOf(q.page, q.limit)), favorites.count(userId)]);
      return { posts: await hydrate(userId, ids), pagination: pageInfo(q.page, q.limit, total) };
    },
  };
}
export type FavoriteService = ReturnType<typeof favoriteService>;
