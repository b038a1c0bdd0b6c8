/** Socket `linkPreview`: a card stored on a post, comment or message, told to the people who can see it. */
import type { AppContext } from '../../context';
import { userRooms, type RealtimeFeature } from '../../realtime/server';

export function linkPreviewsLive(ctx: AppContext): RealtimeFeature {
  return {
    setup: (io) =>
      ctx.events.subscribe('linkPreviewStored', ({ targetType, targetId, linkPreview, userIds }) => {
        const rooms = userRooms(userIds);
        if (rooms) io.to(rooms).emit('linkPreview', { targetType, targetId, linkPreview });
      }),
  };
}
