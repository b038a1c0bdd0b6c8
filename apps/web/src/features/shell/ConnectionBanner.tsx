/**
 * The one notice that the live connection is down (docs/decisions/realtime-reconnection.md): shown when
 * the socket has been disconnected for a moment (a quick reconnect during a deploy shows nothing), gone
 * as soon as it is back. The chat screen shows its own SPEC notice instead, so there is never two.
 */
import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { PlazaSocket } from '../../lib/socket';

/** A disconnect shorter than this (a node handing its sockets to another) is not worth a banner. */
export const BANNER_DELAY_MS = 1500;

export function ConnectionBanner({ socket }: { socket: PlazaSocket }) {
  const [offline, setOffline] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const down = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setOffline(true), BANNER_DELAY_MS);
    };
    const up = () => {
      clearTimeout(timer);
      setOffline(false);
    };
    if (!socket.connected) down();
    socket.on('connect', up);
    socket.on('disconnect', down);
    return () => {
      clearTimeout(timer);
      socket.off('connect', up);
      socket.off('disconnect', down);
    };
  }, [socket]);
  if (!offline || pathname.startsWith('/chat')) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-16 z-40 mx-auto flex w-fit max-w-[calc(100%-1.5rem)] items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-4 py-2 text-xs font-medium text-amber-800 shadow-sm dark:border-amber-900/60 dark:bg-amber-950/90 dark:text-amber-200"
    >
      <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
      <span>You are offline. Reconnecting… what you missed will show up when the connection is back.</span>
    </div>
  );
}
