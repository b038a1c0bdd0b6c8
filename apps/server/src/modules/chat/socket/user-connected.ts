/** `userConnected(userId)`: the client announces itself; it gets its current `onlineUsers` list back. */
import { userConnectedPayloadSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { safely, type ChatSocketContext } from './context';

export function onUserConnected(c: ChatSocketContext) {
  return safely(
    c.log,
    async (socket: PlazaSocket, userId: unknown) => {
      const p = userConnectedPayloadSchema.safeParse(userId);
      if (!p.success || p.data !== socket.data.userId) return;
      await c.onlineUsers.sendOwnList(socket);
    },
    () => undefined,
  );
}
