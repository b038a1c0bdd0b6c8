/**
 * `typing {room, isTyping}`: relayed to the partner's personal room only, at most once per 300 ms per
 * socket. The last state inside a window is sent when the window ends, so "stopped typing" is never lost.
 */
import { typingPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { userRoom } from '../../../realtime/server';
import { partnerIn, type ChatSocketContext } from './context';

export const TYPING_THROTTLE_MS = 300;

export function onTyping(c: ChatSocketContext, socket: PlazaSocket) {
  let lastAt = 0;
  let pending: { room: string; partner: string; isTyping: boolean } | null = null;
  let timer: NodeJS.Timeout | null = null;

  const relay = (room: string, partner: string, isTyping: boolean) => {
    lastAt = Date.now();
    c.io.to(userRoom(partner)).emit('typing', { room, userId: socket.data.userId, isTyping });
  };
  socket.once('disconnect', () => {
    if (timer) clearTimeout(timer);
  });

  return (payload: unknown) => {
    const p = typingPayloadSchema.safeParse(payload);
    if (!p.success) return;
    const partner = partnerIn(p.data.room, socket.data.userId);
    if (!partner) return;
    const wait = lastAt + TYPING_THROTTLE_MS - Date.now();
    if (wait <= 0 && !timer) return relay(p.data.room, partner, p.data.isTyping);
    pending = { room: p.data.room, partner, isTyping: p.data.isTyping };
    timer ??= setTimeout(
      () => {
        timer = null;
        if (pending) relay(pending.room, pending.partner, pending.isTyping);
        pending = null;
      },
      Math.max(0, wait),
    );
  };
}
