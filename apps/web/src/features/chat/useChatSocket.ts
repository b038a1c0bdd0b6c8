/**
 * The chat screen's side of the socket (product.md § Chat, § Realtime events): the connection flag and
 * its notices, the room of the open conversation, and the 25 s ping. Server data pushed over the socket goes
 * into the cache (`./api`). Listeners are registered once per socket object, never inside `connect`, so a
 * reconnect can never register a second copy.
 */
import { CHAT, pairRoom } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocket, type PlazaSocket } from '../../lib/socket';
import { connectionChanged, connectionFailed, reconnectAttempted, reconnectNoticeCleared } from './chatSlice';

export function useChatSocket(me: { _id: string; userName: string }): PlazaSocket | null {
  const dispatch = useAppDispatch();
  const socket = useSocket();
  const openId = useAppSelector((s) => s.chat.openUser?._id ?? null);
  const isConnected = useAppSelector((s) => s.chat.isConnected);
  const openRef = useRef(openId);
  openRef.current = openId;

  useEffect(() => {
    if (!socket) return;
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;

    const onConnect = () => {
      dispatch(connectionChanged(true));
      const other = openRef.current;
      if (other) socket.emit('joinRoom', { room: pairRoom(me._id, other), userId: me._id, username: me.userName });
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

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.io.on('reconnect_attempt', onReconnectAttempt);
    dispatch(connectionChanged(socket.connected));

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.io.off('reconnect_attempt', onReconnectAttempt);
      clearTimeout(noticeTimer);
      dispatch(reconnectNoticeCleared());
    };
  }, [socket, me._id, me.userName, dispatch]);

  // The open conversation's room: joined on opening (and on every connect, above), left when leaving it.
  useEffect(() => {
    if (!socket || !openId) return;
    const room = pairRoom(me._id, openId);
    if (socket.connected) socket.emit('joinRoom', { room, userId: me._id, username: me.userName });
    return () => {
      if (socket.connected) socket.emit('leaveRoom', { room, userId: me._id });
    };
  }, [socket, openId, me._id, me.userName]);

  // Presence heartbeat while connected (product.md § Chat: every 25 s).
  useEffect(() => {
    if (!socket || !isConnected) return;
    const timer = setInterval(() => socket.emit('ping', { userId: me._id }), CHAT.pingIntervalMs);
    return () => clearInterval(timer);
  }, [socket, isConnected, me._id]);

  return socket;
}
