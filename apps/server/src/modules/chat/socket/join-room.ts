/**
 * `joinRoom {room, userId, username}`: only the caller's own pair room with an existing user; answers
 * `roomJoined`, whose `online` is true only for someone whose presence the caller may see.
 */
import { CHAT_ACK_ERRORS, joinRoomPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { answer, partnerIn, safely, sharesPresence, type ChatSocketContext } from './context';

export function onJoinRoom(c: ChatSocketContext) {
  return safely(
    c.log,
    async (socket: PlazaSocket, payload: unknown, ack?: unknown) => {
      const p = joinRoomPayloadSchema.safeParse(payload);
      if (!p.success) return answer(ack, CHAT_ACK_ERRORS.invalid);
      const { room, userId } = p.data;
      const other = userId === socket.data.userId ? partnerIn(room, userId) : null;
      if (!other) return answer(ack, CHAT_ACK_ERRORS.forbidden);
      if (!(await c.service.userExists(other))) return answer(ack, CHAT_ACK_ERRORS.notFound);
      if (socket.disconnected) return;
      await socket.join(room);
      const online = (await sharesPresence(c, socket.data.userId, other)) && (await c.presence.isOnline(other));
      socket.emit('roomJoined', { room, online });
      answer(ack);
    },
    (_payload, ack) => ack,
  );
}
