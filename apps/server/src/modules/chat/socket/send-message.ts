/**
 * `sendMessage` with an ack, in one of two forms.
 *
 * - A new message (the body of POST /chats/send): stored and announced by the same service call as the
 *   route, so the same checks, flood limit and clientMessageId dedup apply; the ack carries the stored
 *   Message. Cheaper than the route: no HTTP request, and the socket was authenticated once.
 * - A confirmation `{room, message: {_id}}` of a message sent through the route: the server already
 *   emitted `receiveMessage` when it stored it, so relaying it again would deliver it twice; this only
 *   confirms that the message is stored and is the caller's own (ack ok) — or says it is not. A client
 *   can never make the server announce a message it did not store.
 */
import { CHAT_ACK_ERRORS, type AckResult, sendMessagePayloadSchema } from '@plaza/contract';
import { HttpError } from '../../../lib/errors';
import type { PlazaSocket } from '../../../realtime/server';
import { answer, safely, type AckError, type ChatSocketContext } from './context';

/** The route's refusals as ack errors; anything else (the database away, say) is `failed`. */
function ackErrorOf(err: unknown): AckError {
  if (!(err instanceof HttpError)) return CHAT_ACK_ERRORS.failed;
  const byStatus: Record<number, AckError> = {
    400: CHAT_ACK_ERRORS.invalid,
    403: CHAT_ACK_ERRORS.forbidden,
    404: CHAT_ACK_ERRORS.notFound,
    429: CHAT_ACK_ERRORS.rateLimited,
  };
  return byStatus[err.statusCode] ?? CHAT_ACK_ERRORS.failed;
}

export function onSendMessage(c: ChatSocketContext) {
  /** Every refused send is counted by its error (`plaza_chat_socket_send_failures_total`). */
  const refuse = (ack: unknown, error: AckError) => {
    c.sendFailures.inc({ error });
    answer(ack, error);
  };
  return safely(
    c.log,
    async (socket: PlazaSocket, payload: unknown, ack?: unknown) => {
      const p = sendMessagePayloadSchema.safeParse(payload);
      if (!p.success) return refuse(ack, CHAT_ACK_ERRORS.invalid);
      try {
        if ('messageContent' in p.data) {
          const { message } = await c.service.send(socket.data.userId, p.data, socket.id);
          if (typeof ack === 'function') (ack as (r: AckResult) => void)({ status: 'ok', message });
          return;
        }
        const stored = await c.service.ownStoredMessage(socket.data.userId, p.data.room, p.data.message._id);
        // Someone else's message, another room's and no message at all answer alike, so ids cannot be probed.
        if (!stored) return refuse(ack, CHAT_ACK_ERRORS.notFound);
        answer(ack);
      } catch (err) {
        const error = ackErrorOf(err);
        if (error === CHAT_ACK_ERRORS.failed) c.log.error({ err }, 'sending a message over the socket failed');
        refuse(ack, error);
      }
    },
    (_payload, ack) => ack,
  );
}
