/** `ping {userId}` every 25 s: keeps the caller's presence entry from expiring. */
import { pingPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import type { ChatSocketContext } from './context';

export function onPing(c: ChatSocketContext, socket: PlazaSocket) {
  return (payload: unknown) => {
    const p = pingPayloadSchema.safeParse(payload);
    if (p.success && p.data.userId === socket.data.userId) void c.presence.heartbeat(socket);
  };
}
