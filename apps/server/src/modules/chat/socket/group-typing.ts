/**
 * `groupTyping {conversationId, isTyping}`: relayed to the group's other members (blocks left out) as
 * `groupTyping {conversationId, userId, isTyping}`, at most once per 300 ms per socket and group, the
 * last state of a window sent when it ends (as one-to-one typing).
 */
import { groupTypingPayloadSchema, type GroupTypingEvent } from '@plaza/contract';
import { userRooms, type PlazaSocket } from '../../../realtime/server';
import type { ChatSocketContext, SocketListener } from './context';
import { TYPING_THROTTLE_MS } from './typing';

interface Throttle {
  lastAt: number;
  pending: boolean | null;
  timer: NodeJS.Timeout | null;
}

export function onGroupTyping(c: ChatSocketContext): SocketListener<[payload: unknown]> {
  // Per socket, per group: most sockets never type in a group.
  const throttles = new WeakMap<PlazaSocket, Map<string, Throttle>>();

  async function relay(socket: PlazaSocket, t: Throttle, conversationId: string, isTyping: boolean) {
    t.lastAt = Date.now();
    const userId = socket.data.userId;
    const audience = await c.groups.typingAudience(userId, conversationId);
    const rooms = audience && userRooms(audience.filter((id) => id !== userId));
    const event: GroupTypingEvent = { conversationId, userId, isTyping };
    if (rooms) c.io.to(rooms).emit('groupTyping', event);
  }

  function throttleOf(socket: PlazaSocket, conversationId: string): Throttle {
    let bySocket = throttles.get(socket);
    if (!bySocket) throttles.set(socket, (bySocket = new Map<string, Throttle>()));
    let t = bySocket.get(conversationId);
    if (!t) bySocket.set(conversationId, (t = { lastAt: 0, pending: null, timer: null }));
    return t;
  }

  function typed(socket: PlazaSocket, payload: unknown): Promise<void> | undefined {
    const p = groupTypingPayloadSchema.safeParse(payload);
    if (!p.success) return;
    const { conversationId, isTyping } = p.data;
    const t = throttleOf(socket, conversationId);
    const wait = t.lastAt + TYPING_THROTTLE_MS - Date.now();
    if (wait <= 0 && !t.timer) return relay(socket, t, conversationId, isTyping);
    t.pending = isTyping;
    t.timer ??= setTimeout(
      () => {
        t.timer = null;
        const last = t.pending;
        t.pending = null;
        if (last !== null && socket.connected)
          relay(socket, t, conversationId, last).catch((err: unknown) => c.log.error({ err }, 'group typing relay failed'));
      },
      Math.max(0, wait),
    );
  }

  return function (this: PlazaSocket, payload: unknown) {
    typed(this, payload)?.catch((err: unknown) => c.log.error({ err }, 'group typing relay failed'));
  };
}
