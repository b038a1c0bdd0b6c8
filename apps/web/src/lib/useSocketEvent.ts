/** Subscribes a component to one server event for as long as it is mounted (registered once, not per connect). */
import type { ServerToClientEvents } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useSocket } from './socket';

export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  // Re-subscribes when the socket arrives (it is connected after the first screen) or is replaced.
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: unknown[]) => (ref.current as (...a: unknown[]) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
