/** The chat's realtime part: the onlineUsers broadcaster, the event bridge and one handler per client event. */
import { Counter } from 'prom-client';
import type { AppContext } from '../../../context';
import { isDatabaseUnavailable } from '../../../db/errors';
import type { Logger } from '../../../lib/logger';
import type { RealtimeFeature } from '../../../realtime/server';
import type { GroupService } from '../groups/service';
import type { ChatService } from '../service';
import { audienceCache } from './audience-cache';
import { chatBridge } from './bridge';
import { groupBridge } from './group-bridge';
import { onGroupRead } from './group-read';
import { onGroupTyping } from './group-typing';
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

/** One listener per client event, for every socket of the server. */
function listenersOf(c: ChatSocketContext) {
  return {
    joinRoom: onJoinRoom(c),
    leaveRoom: onLeaveRoom(c),
    sendMessage: onSendMessage(c),
    ping: onPing(c),
    typing: onTyping(c),
    userConnected: onUserConnected(c),
    groupTyping: onGroupTyping(c),
    groupRead: onGroupRead(c),
  };
}

/**
 * Built once with the chat feature; what the socket handlers share, the listeners included, is made when
 * the server starts, so a connecting socket gets the same six functions as every other.
 */
export function chatRealtime(ctx: AppContext, service: ChatService, groups: GroupService, log: Logger): RealtimeFeature {
  let shared: { c: ChatSocketContext; on: ReturnType<typeof listenersOf> } | null = null;
  const sendFailures = new Counter({
    name: 'plaza_chat_socket_send_failures_total',
    help: 'Chat messages sent over a socket and refused, by error: failed (the server could not store it), rate_limited, forbidden, not_found, invalid_payload',
    labelNames: ['error'] as const,
    registers: [ctx.metrics.registry],
  });

  return {
    setup(io, { presence }) {
      const audience = audienceCache(ctx.db, AUDIENCE_TTL_MS);
      const onlineUsers = onlineUsersBroadcaster(io, presence, audience, (err) => logFailure(log, err, 'onlineUsers broadcast failed'));
      const c: ChatSocketContext = { io, presence, service, groups, onlineUsers, audience, log, sendFailures };
      shared = { c, on: listenersOf(c) };
      const stopBridge = chatBridge(io, ctx.events, onlineUsers);
      const stopGroupBridge = groupBridge(io, ctx.events);
      return () => {
        stopBridge();
        stopGroupBridge();
        onlineUsers.stop();
        shared = null;
      };
    },

    onConnection(socket) {
      if (!shared) return;
      const { c, on } = shared;
      socket.on('joinRoom', on.joinRoom);
      socket.on('leaveRoom', on.leaveRoom);
      socket.on('sendMessage', on.sendMessage);
      socket.on('ping', on.ping);
      socket.on('typing', on.typing);
      socket.on('userConnected', on.userConnected);
      socket.on('groupTyping', on.groupTyping);
      socket.on('groupRead', on.groupRead);
      c.onlineUsers.sendOwnList(socket).catch((err: unknown) => logFailure(log, err, 'onlineUsers failed'));
    },
  };
}

/** A database that is away is an outage the pool already reports (a warning), not a fault of the chat. */
function logFailure(log: Logger, err: unknown, msg: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ err }, msg);
  else log.error({ err }, msg);
}
