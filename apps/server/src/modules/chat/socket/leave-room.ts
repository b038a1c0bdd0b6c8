/** `leaveRoom {room, userId}`: leaves one of the caller's pair rooms (never the personal room). */
import { CHAT_ACK_ERRORS, leaveRoomPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { answer, partnerIn, safely, type ChatSocketContext } from './context';

export function onLeaveRoom(c: ChatSocketContext) {
  return safely(
    c.log,
    async (socket: PlazaSocket, payload: unknown, ack?: unknown) => {
      const p = leaveRoomPayloadSchema.safeParse(payload);
      if (!p.success) return answer(ack, CHAT_ACK_ERRORS.invalid);
      const { room, userId } = p.data;
      if (userId !== socket.data.userId || !partnerIn(room, userId)) return answer(ack, CHAT_ACK_ERRORS.forbidden);
      await socket.leave(room);
      answer(ack);
    },
    (_payload, ack) => ack,
  );
}
