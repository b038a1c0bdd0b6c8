/**
 * Opens the socket while signed in and closes it on logout or expiry; shows the connection banner; and
 * after every reconnect refreshes what pushes may have missed meanwhile: notifications and the
 * conversation list (unread counts). Each open chat history catches up by itself (`after=`, chat/api.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { connectSocket, disconnectSocket, type PlazaSocket } from '../../lib/socket';
import { ConnectionBanner } from './ConnectionBanner';

export function SocketLifecycle({ children }: { children: React.ReactNode }) {
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.userDetails?._id : undefined));
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const [socket, setSocket] = useState<PlazaSocket | null>(null);
  useEffect(() => {
    if (!userId) return;
    const s = connectSocket(userId, () => store.getState().auth.accessToken);
    setSocket(s);
    let connectedBefore = s.connected;
    const resync = () => {
      if (connectedBefore) dispatch(plazaApi.util.invalidateTags(['Notifications', 'Conversations']));
      connectedBefore = true;
    };
    s.on('connect', resync);
    return () => {
      s.off('connect', resync);
      disconnectSocket();
      setSocket(null);
    };
  }, [userId, store, dispatch]);
  // Children mount after the socket exists, so their subscriptions attach to it.
  return socket ? (
    <>
      <ConnectionBanner socket={socket} />
      {children}
    </>
  ) : null;
}
