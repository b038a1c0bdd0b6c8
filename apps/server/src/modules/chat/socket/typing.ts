/**
 * `typing {room, isTyping}`: relayed to the partner's personal room only, when the two share presence
 * (friends or chat partners, no block either way), at most once per 300 ms per socket. The last state
 * inside a window is sent when the window ends, so "stopped typing" is never lost.
 */
import { typingPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { userRoom } from '../../../realtime/server';
import { partnerIn, sharesPresence, type ChatSocketContext, type SocketListener } from './context';

export const TYPING_THROTTLE_MS = 300;

/** A socket's throttle, made when it first types: most sockets never do. */
interface Throttle {
  lastAt: number;
  pending: { room: string; partner: string; isTyping: boolean } | null;
  timer: NodeJS.Timeout | null;
}

export function onTyping(c: ChatSocketContext): SocketListener<[payload: unknown]> {
  const throttles = new WeakMap<PlazaSocket, Throttle>();

  const relay = (socket: PlazaSocket, t: Throttle, room: string, partner: string, isTyping: boolean) => {
    t.lastAt = Date.now();
    c.io.to(userRoom(partner)).emit('typing', { room, userId: socket.data.userId, isTyping });
  };

  function throttleOf(socket: PlazaSocket): Throttle {
    let throttle = throttles.get(socket);
    if (!throttle) {
      throttle = { lastAt: 0, pending: null, timer: null };
      throttles.set(socket, throttle);
    }
    return throttle;
  }

  async function typed(socket: PlazaSocket, payload: unknown) {
    const p = typingPayloadSchema.safeParse(payload);
    if (!p.success) return;
    const partner = partnerIn(p.data.room, socket.data.userId);
    if (!partner || !(await sharesPresence(c, socket.data.userId, partner))) return;
    const throttle = throttleOf(socket);
    const wait = throttle.lastAt + TYPING_THROTTLE_MS - Date.now();
    if (wait <= 0 && !throttle.timer) return relay(socket, throttle, p.data.room, partner, p.data.isTyping);
    throttle.pending = { room: p.data.room, partner, isTyping: p.data.isTyping };
    throttle.timer ??= setTimeout(
      () => {
        throttle.timer = null;
        const last = throttle.pending;
        throttle.pending = null;
        // A socket gone inside the window says nothing more.
        if (last && socket.connected) relay(socket, throttle, last.room, last.partner, last.isTyping);
      },
      Math.max(0, wait),
    );
  }

  return function (this: PlazaSocket, payload: unknown) {
    typed(this, payload).catch((err: unknown) => c.log.error({ err }, 'typing relay failed'));
  };
}
