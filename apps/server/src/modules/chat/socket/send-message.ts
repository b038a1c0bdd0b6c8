/**
 * `sendMessage {room, message, …}` with an ack. The web client sends through POST /chats/send, and the
 * server emits `receiveMessage` to the pair room and both personal rooms as soon as the message is
 * stored. Relaying it again here would deliver it twice, so this only confirms that the message is
 * stored and is the caller's own (ack ok) — or says it is not (ack error). A client can never make the
 * server announce a message it did not store.
 */
import { CHAT_ACK_ERRORS, sendMessagePayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { answer, safely, type ChatSocketContext } from './context';

export function onSendMessage(c: ChatSocketContext, socket: PlazaSocket) {
  return safely(
    c.log,
    async (payload: unknown, ack?: unknown) => {
      const p = sendMessagePayloadSchema.safeParse(payload);
      if (!p.success) return answer(ack, CHAT_ACK_ERRORS.invalid);
      const stored = await c.service.ownStoredMessage(socket.data.userId, p.data.room, p.data.message._id);
      // Someone else's message, another room's and no message at all answer alike, so ids cannot be probed.
      if (!stored) return answer(ack, CHAT_ACK_ERRORS.notFound);
      answer(ack);
    },
    (_payload, ack) => ack,
  );
}
