/** `userConnected(userId)`: the client announces itself; it gets its current `onlineUsers` list back. */
import { idSchema } from '@plaza/contract';
import type { PlazaSocket } from '../../../realtime/server';
import { safely, type ChatSocketContext } from './context';

export function onUserConnected(c: ChatSocketContext, socket: PlazaSocket) {
  return safely(
    c.log,
    async (userId: unknown) => {
      const p = idSchema.safeParse(userId);
      if (!p.success || p.data !== socket.data.userId) return;
      await c.onlineUsers.sendOwnList(socket);
    },
    () => undefined,
  );
}
