/** The chat's realtime part: the onlineUsers broadcaster, the event bridge and one handler per client event. */
import type { AppContext } from '../../../context';
import { isDatabaseUnavailable } from '../../../db/errors';
import type { Logger } from '../../../lib/logger';
import type { RealtimeFeature } from '../../../realtime/server';
import type { ChatService } from '../service';
import { audienceCache } from './audience-cache';
import { chatBridge } from './bridge';
import type { ChatSocketContext } from './context';
import { onJoinRoom } from './join-room';
import { onLeaveRoom } from './leave-room';
import { onlineUsersBroadcaster } from './online-users';
import { onPing } from './ping';
import { onSendMessage } from './send-message';
import { onTyping } from './typing';
import { onUserConnected } from './user-connected';

/** Long enough to spare the database on every presence change, short enough for other nodes' changes to show. */
export const AUDIENCE_TTL_MS = 30_000;

/** Built once with the chat feature; what the socket handlers share is made when the server starts. */
export function chatRealtime(ctx: AppContext, service: ChatService, log: Logger): RealtimeFeature {
  let shared: ChatSocketContext | null = null;

  return {
    setup(io, { presence }) {
      const onlineUsers = onlineUsersBroadcaster(io, presence, audienceCache(ctx.db, AUDIENCE_TTL_MS), (err) =>
        logFailure(log, err, 'onlineUsers broadcast failed'),
      );
      shared = { io, presence, service, onlineUsers, log };
      const stopBridge = chatBridge(io, ctx.events, onlineUsers);
      return () => {
        stopBridge();
        onlineUsers.stop();
        shared = null;
      };
    },

    onConnection(socket) {
      const c = shared;
      if (!c) return;
      socket.on('joinRoom', onJoinRoom(c, socket));
      socket.on('leaveRoom', onLeaveRoom(c, socket));
      socket.on('sendMessage', onSendMessage(c, socket));
      socket.on('ping', onPing(c, socket));
      socket.on('typing', onTyping(c, socket));
      socket.on('userConnected', onUserConnected(c, socket));
      c.onlineUsers.sendOwnList(socket).catch((err: unknown) => logFailure(log, err, 'onlineUsers failed'));
    },
  };
}

/** A database that is away is an outage the pool already reports (a warning), not a fault of the chat. */
function logFailure(log: Logger, err: unknown, msg: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ err }, msg);
  else log.error({ err }, msg);
}
