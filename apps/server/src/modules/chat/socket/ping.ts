/** `ping {userId}` every 25 s: keeps the caller's presence entry from expiring. */
import { pingPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import type { ChatSocketContext, SocketListener } from './context';

export function onPing(c: ChatSocketContext): SocketListener<[payload: unknown]> {
  return function (this: PlazaSocket, payload: unknown) {
    const p = pingPayloadSchema.safeParse(payload);
    if (p.success && p.data.userId === this.data.userId) void c.presence.heartbeat(this);
  };
}
