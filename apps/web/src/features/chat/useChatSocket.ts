/**
 * The chat's side of the socket (SPEC §4 "Chat connection", §7 "Realtime"): the connection flag and its
 * notices, presence, incoming messages, typing and read receipts, the room of the open conversation,
 * and the 25 s ping. Listeners are registered once per socket object, never inside `connect`, so a
 * reconnect can never register a second copy and deliver a message twice.
 */
import { CHAT, pairRoom } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { getSocket } from '../../lib/socket';
import {
  connectionChanged,
  connectionFailed,
  fetchConversations,
  incomingMessage,
  messagesReadReceived,
  onlineUsersReceived,
  reconnectAttempted,
  reconnectNoticeCleared,
  resyncMessages,
  typingChanged,
} from './chatSlice';

/** A partner whose "stopped typing" got lost stops showing as typing after this long. */
const TYPING_STALE_MS = 5000;

export function useChatSocket(me: { _id: string; userName: string }) {
  const dispatch = useAppDispatch();
  const socket = getSocket();
  const selectedId = useAppSelector((s) => s.chat.selectedUser?._id ?? null);
  const isConnected = useAppSelector((s) => s.chat.isConnected);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  useEffect(() => {
    if (!socket) return;
    const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    let hasBeenConnected = socket.connected;

    const joinOpenRoom = () => {
      const other = selectedRef.current;
      if (other) socket.emit('joinRoom', { room: pairRoom(me._id, other), userId: me._id, username: me.userName });
    };

    const onConnect = () => {
      dispatch(connectionChanged(true));
      // Asks for this user's onlineUsers list, which went out before this screen was listening.
      socket.emit('userConnected', me._id);
      joinOpenRoom();
      if (hasBeenConnected) {
        // On top of socket.io's state recovery: whatever the connection missed comes from the history.
        const other = selectedRef.current;
        if (other) void dispatch(resyncMessages({ currentUserId: me._id, otherUserId: other }));
        void dispatch(fetchConversations());
      }
      hasBeenConnected = true;
    };
    const onDisconnect = () => {
      dispatch(connectionChanged(false));
    };
    const onConnectError = () => {
      dispatch(connectionFailed());
    };
    const onReconnectAttempt = () => {
      dispatch(reconnectAttempted());
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => dispatch(reconnectNoticeCleared()), CHAT.reconnectNoticeClearMs);
    };
    const onReceiveMessage = (message: unknown) => {
      dispatch(incomingMessage(message, me._id));
    };
    const onOnlineUsers = (ids: string[]) => {
      dispatch(onlineUsersReceived(Array.isArray(ids) ? ids : []));
    };
    const onTyping = ({ userId, isTyping }: { room: string; userId: string; isTyping: boolean }) => {
      if (userId === me._id) return;
      clearTimeout(typingTimers.get(userId));
      dispatch(typingChanged({ userId, isTyping }));
      if (isTyping)
        typingTimers.set(
          userId,
          setTimeout(() => dispatch(typingChanged({ userId, isTyping: false })), TYPING_STALE_MS),
        );
    };
    const onMessagesRead = (event: { room: string; readerId: string; readAt: string }) => {
      dispatch(messagesReadReceived({ ...event, currentUserId: me._id }));
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.io.on('reconnect_attempt', onReconnectAttempt);
    socket.on('receiveMessage', onReceiveMessage);
    socket.on('onlineUsers', onOnlineUsers);
    socket.on('typing', onTyping);
    socket.on('messagesRead', onMessagesRead);

    if (socket.connected) {
      dispatch(connectionChanged(true));
      socket.emit('userConnected', me._id);
    } else {
      dispatch(connectionChanged(false));
    }

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.io.off('reconnect_attempt', onReconnectAttempt);
      socket.off('receiveMessage', onReceiveMessage);
      socket.off('onlineUsers', onOnlineUsers);
      socket.off('typing', onTyping);
      socket.off('messagesRead', onMessagesRead);
      clearTimeout(noticeTimer);
      for (const t of typingTimers.values()) clearTimeout(t);
      dispatch(reconnectNoticeCleared());
    };
  }, [socket, me._id, me.userName, dispatch]);

  // The open conversation's room: joined on selection (and on every connect, above), left when leaving it.
  useEffect(() => {
    if (!socket || !selectedId) return;
    const room = pairRoom(me._id, selectedId);
    if (socket.connected) socket.emit('joinRoom', { room, userId: me._id, username: me.userName });
    return () => {
      if (socket.connected) socket.emit('leaveRoom', { room, userId: me._id });
    };
  }, [socket, selectedId, me._id, me.userName]);

  // Presence heartbeat while connected (SPEC §9: every 25 s).
  useEffect(() => {
    if (!socket || !isConnected) return;
    const timer = setInterval(() => socket.emit('ping', { userId: me._id }), CHAT.pingIntervalMs);
    return () => clearInterval(timer);
  }, [socket, isConnected, me._id]);

  return socket;
}
