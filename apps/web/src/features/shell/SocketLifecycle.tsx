/**
 * Opens the socket while signed in and closes it on logout or expiry. A socket that stays down feeds the
 * app-wide connectivity line (OfflineBanner: one banner, whatever is down); after every reconnect, what
 * pushes may have missed meanwhile is refreshed: notifications and the conversation list (unread counts).
 * Each open chat history catches up by itself (`after=`, chat/api.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { reportReachable, reportUnreachable } from '../../lib/connectivity';
import { connectSocket, disconnectSocket } from '../../lib/socket';

/** A disconnect shorter than this (a node handing its sockets to another during a deploy) shows nothing. */
export const SOCKET_DOWN_NOTICE_MS = 1500;

export function SocketLifecycle({ children }: { children: React.ReactNode }) {
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.userDetails?._id : undefined));
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    if (!userId) return;
    const socket = connectSocket(userId, () => store.getState().auth.accessToken);
    setReady(userId);
    let connectedBefore = socket.connected;
    let downTimer: ReturnType<typeof setTimeout> | undefined;
    const onConnect = () => {
      clearTimeout(downTimer);
      reportReachable();
      if (connectedBefore) dispatch(plazaApi.util.invalidateTags(['Notifications', 'Conversations']));
      connectedBefore = true;
    };
    const onDisconnect = () => {
      clearTimeout(downTimer);
      downTimer = setTimeout(reportUnreachable, SOCKET_DOWN_NOTICE_MS);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      clearTimeout(downTimer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      disconnectSocket();
      setReady(null);
    };
  }, [userId, store, dispatch]);
  // Children mount after the socket exists, so their subscriptions attach to it.
  return ready ? <>{children}</> : null;
}
