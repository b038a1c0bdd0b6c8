/**
 * Tells the other person, live, that someone changed how the two of them stand: socket `connectionUpdate`
 * to their personal room, with the status as they see it, so their buttons change without a reload.
 */
import type { ConnectionStatus } from '@plaza/contract';
import type { EventBus } from '../../lib/events';
import { userRoom, type RealtimeFeature } from '../../realtime/server';

/** How the other side of a connection sees the status the actor sees. */
function mirroredStatus(status: ConnectionStatus): ConnectionStatus {
  if (status === 'request_sent') return 'request_received';
  if (status === 'request_received') return 'request_sent';
  return status;
}

export function connectionLive(events: EventBus): RealtimeFeature {
  return {
    setup: (io) =>
      events.subscribe('friendshipChanged', ({ userIds: [actor, other], status }) => {
        io.to(userRoom(other)).emit('connectionUpdate', { userId: actor, status: mirroredStatus(status) });
      }),
  };
}
