/**
 * Socket `storyMedia`: a story's video is ready (or failed). To its author, so the viewer's "Processing
 * video…" becomes the player, and once it plays to the friends who may see it, so it enters their tray
 * without a reload. Story URLs are signed per viewer: the event names the story, the app reads the list again.
 */
import type { AppContext } from '../../context';
import { userRooms, type RealtimeFeature } from '../../realtime/server';

export function storiesLive(ctx: AppContext): RealtimeFeature {
  return {
    setup: (io) => {
      return ctx.events.subscribe('storyMediaStored', ({ storyId, authorId, status, userIds }) => {
        const readers = userRooms(userIds);
        if (readers) io.to(readers).emit('storyMedia', { storyId, authorId, ...(status ? { status } : {}) });
      });
    },
  };
}
