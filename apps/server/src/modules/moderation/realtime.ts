/** The moderation feature's realtime part: a suspended person's sockets are closed on every node. */
import type { RealtimeFeature } from '../../realtime/server';
import { userRoom } from '../../realtime/server';

export const moderationRealtime: RealtimeFeature = {
  setup(io, { ctx }) {
    // With the Redis adapter, disconnectSockets reaches the sockets other nodes hold too.
    return ctx.events.subscribe('accountSuspended', ({ userId }) => {
      io.in(userRoom(userId)).disconnectSockets(true);
    });
  },
};
