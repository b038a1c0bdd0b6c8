/** `groupRead {conversationId, messageId?}`: as `POST /chats/groups/{id}/read`; the ack answers not_found for a group the caller is not in. */
import { CHAT_ACK_ERRORS, groupReadPayloadSchema } from '@plaza/contract';
import { NotFoundError } from '../../../lib/errors';
import type { PlazaSocket } from '../../../realtime/server';
import { answer, safely, type ChatSocketContext, type SocketListener } from './context';

export function onGroupRead(c: ChatSocketContext): SocketListener<[payload: unknown, ack?: unknown]> {
  return safely(
    c.log,
    async (socket: PlazaSocket, payload: unknown, ack?: unknown) => {
      const p = groupReadPayloadSchema.safeParse(payload);
      if (!p.success) return answer(ack, CHAT_ACK_ERRORS.invalid);
      try {
        await c.groups.markRead(socket.data.userId, p.data.conversationId, p.data.messageId);
      } catch (err) {
        if (err instanceof NotFoundError) return answer(ack, CHAT_ACK_ERRORS.notFound);
        throw err;
      }
      answer(ack);
    },
    (_payload, ack) => ack,
  );
}
