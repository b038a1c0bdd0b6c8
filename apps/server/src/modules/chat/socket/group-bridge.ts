/**
 * Turns group events into emits to each member's own room. One emit per message to every member it
 * reaches, whatever node their sockets are on; a member removed is not in the list the send read, so
 * their sockets hear nothing more. `io.to([])` would reach every socket: an empty list sends nothing.
 */
import type { ConversationRemovedEvent, ConversationUpdateEvent, GroupReadEvent } from '@plaza/contract';
import type { EventBus } from '../../../lib/events';
import { userRoom, userRooms, type PlazaServer } from '../../../realtime/server';

export function groupBridge(io: PlazaServer, events: EventBus): () => void {
  const subscriptions = [
    events.subscribe('groupMessageStored', ({ conversationId, message, userIds }) => {
      const rooms = userRooms(userIds);
      if (rooms) io.to(rooms).emit('groupMessage', { conversationId, message });
    }),
    events.subscribe('groupRead', ({ conversationId, userId, messageId, seq, userIds }) => {
      const rooms = userRooms(userIds);
      const receipt: GroupReadEvent = { conversationId, userId, messageId, seq };
      if (rooms) io.to(rooms).emit('groupRead', receipt);
    }),
    // Each member's own view (their unread count and mute), so one emit each.
    events.subscribe('groupUpdated', ({ views }) => {
      for (const { userId, conversation } of views) {
        const update: ConversationUpdateEvent = { conversation };
        io.to(userRoom(userId)).emit('conversationUpdate', update);
      }
    }),
    events.subscribe('groupLeft', ({ conversationId, userIds, reason }) => {
      const rooms = userRooms(userIds);
      const removed: ConversationRemovedEvent = { conversationId, reason };
      if (rooms) io.to(rooms).emit('conversationRemoved', removed);
    }),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}
