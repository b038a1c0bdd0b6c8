/** Turns the chat's domain events into emits. Services only publish; this is where socket.io hears of it. */
import type { EventBus } from '../../../lib/events';
import { userRoom, type PlazaServer } from '../../../realtime/server';
import type { OnlineUsersBroadcaster } from './online-users';

export function chatBridge(io: PlazaServer, events: EventBus, onlineUsers: OnlineUsersBroadcaster): () => void {
  const subscriptions = [
    events.subscribe('messageStored', ({ room, senderId, receiverId, message, firstInConversation, originSocketId }) => {
      // One emit to all three rooms: a socket in several of them (a tab with the conversation open) gets it once.
      // The sender's personal room keeps their other tabs in step; the socket that sent it has it in its ack.
      const rooms = io.to([room, userRoom(receiverId), userRoom(senderId)]);
      (originSocketId ? rooms.except(originSocketId) : rooms).emit('receiveMessage', message);
      if (firstInConversation) onlineUsers.pairTalked(senderId, receiverId);
    }),
    events.subscribe('messagesRead', ({ room, readerId, otherId, readAt }) => {
      // The reader's other tabs hear it too, so their unread badges clear as well.
      io.to([userRoom(otherId), userRoom(readerId)]).emit('messagesRead', { room, readerId, readAt });
    }),
    events.subscribe('friendshipChanged', ({ userIds: [a, b] }) => onlineUsers.relationChanged(a, b)),
    // Heard on every server (the event relay), so each forgets the two audiences it keeps.
    events.subscribe('blockChanged', ({ blockerId, blockedId }) => onlineUsers.relationChanged(blockerId, blockedId)),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}
