/** SQL for the counts shown on a profile. */
import type { ProfileStats } from '@plaza/contract';
import type { Db } from '../../db';
import { connectionRepo } from './connection-repo';

export function profileRepo(db: Db) {
  return {
    async stats(userId: string): Promise<ProfileStats> {
      const [posts, friends] = await Promise.all([
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', userId)
          .executeTakeFirstOrThrow(),
        connectionRepo(db).countFriends(userId),
      ]);
      return { posts: Number(posts.n), friends };
    },
  };
}
