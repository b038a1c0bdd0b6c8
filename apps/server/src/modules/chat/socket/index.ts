/** The chat's realtime part: the onlineUsers broadcaster, the event bridge and one handler per client event. */
import type { PlazaServer, RealtimeFeature } from '../../../realtime/server';
import { chatDeps } from '../deps';
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

const contexts = new WeakMap<PlazaServer, ChatSocketContext>();

export const chatRealtime: RealtimeFeature = {
  setup(io, { ctx, presence }) {
    const log = (err: unknown) => console.error('chat realtime failed', err);
    const onlineUsers = onlineUsersBroadcaster(io, presence, audienceCache(ctx.db, AUDIENCE_TTL_MS), log);
    contexts.set(io, { io, ctx, presence, service: chatDeps(ctx).service, onlineUsers });
    const stopBridge = chatBridge(io, ctx.events, onlineUsers);
    return () => {
      stopBridge();
      onlineUsers.stop();
      contexts.delete(io);
    };
  },

  onConnection(socket, io) {
    const c = contexts.get(io);
    if (!c) return;
    socket.on('joinRoom', onJoinRoom(c, socket));
    socket.on('leaveRoom', onLeaveRoom(socket));
    socket.on('sendMessage', onSendMessage(c, socket));
    socket.on('ping', onPing(c, socket));
    socket.on('typing', onTyping(c, socket));
    socket.on('userConnected', onUserConnected(c, socket));
    c.onlineUsers.sendOwnList(socket).catch((err: unknown) => console.error('onlineUsers failed', err));
  },
};
