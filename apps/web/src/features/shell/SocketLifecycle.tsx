/** Opens the socket while signed in and closes it on logout or expiry. */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { connectSocket, disconnectSocket } from '../../lib/socket';

export function SocketLifecycle({ children }: { children: React.ReactNode }) {
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.userDetails?._id : undefined));
  const store = useStore<RootState>();
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    if (!userId) return;
    connectSocket(userId, () => store.getState().auth.accessToken);
    setReady(userId);
    return () => {
      disconnectSocket();
      setReady(null);
    };
  }, [userId, store]);
  // Children mount after the socket exists, so their subscriptions attach to it.
  return ready ? <>{children}</> : null;
}
