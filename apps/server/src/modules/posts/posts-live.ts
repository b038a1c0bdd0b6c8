/**
 * What keeps posts on screen live: socket `postCounts` when a post's reactions or comments move (to its
 * author and their friends but the one who moved them, who are the ones whose feeds show it), and `newPost` to the friends whose
 * timelines a new post reached, so an open feed can offer "New posts" at once instead of at its next poll,
 * and `postMedia` when a post's video is ready (or failed), to its author and their friends.
 * Both go to personal rooms through the adapter, so a cluster tells every node's sockets once.
 */
import type { AppContext } from '../../context';
import { userRooms, type RealtimeFeature } from '../../realtime/server';
import { friendIdsOf } from '../people';
import { reactionCountsOf } from './reaction-columns';
import { postRepo } from './repo';

export function postsLive(ctx: AppContext): RealtimeFeature {
  const posts = postRepo(ctx.db);
  /**
   * The counts of a post are told one change after another: each reads the counts once the one before was
   * sent, so a reading taken before a later change can never arrive after it (the app shows the last one).
   */
  const telling = new Map<string, Promise<void>>();
  return {
    setup: (io) => {
      async function tellCounts(postId: string, actorId: string | undefined): Promise<void> {
        const row = await posts.findById(postId);
        if (!row) return;
        // Not to whoever moved them: their app counts its own reaction or comment when the server answers,
        // and a push that overtook that answer would be counted on top of it.
        const audience = userRooms([row.author_id, ...(await friendIdsOf(ctx.db, row.author_id))].filter((id) => id !== actorId));
        if (!audience) return;
        io.to(audience).emit('postCounts', { postId, reactionCounts: reactionCountsOf(row), commentsCount: row.comments_count });
      }
      const stops = [
        ctx.events.subscribe('postCountsChanged', ({ postId, actorId }) => {
          const told = (telling.get(postId) ?? Promise.resolve())
            .then(() => tellCounts(postId, actorId))
            .catch((err: unknown) => ctx.log.warn({ err, postId }, 'could not tell a post’s new counts'))
            .finally(() => {
              if (telling.get(postId) === told) telling.delete(postId);
            });
          telling.set(postId, told);
          return told;
        }),
        ctx.events.subscribe('postReachedReaders', ({ postId, authorId, readerIds }) => {
          const readers = userRooms(readerIds);
          if (readers) io.to(readers).emit('newPost', { postId, authorId });
        }),
        ctx.events.subscribe('postMediaStored', ({ postId, media, userIds }) => {
          const readers = userRooms(userIds);
          if (readers) io.to(readers).emit('postMedia', { postId, media });
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
