/** Sends `typing {room, isTyping}` while the user types: at most every 1.5 s, and false after 2 s of quiet. */
import { useCallback, useEffect, useRef } from 'react';
import type { PlazaSocket } from '../../lib/socket';

const RESEND_MS = 1500;
const IDLE_MS = 2000;

export function useTypingSignal(socket: PlazaSocket | null, room: string | null): (isTyping: boolean) => void {
  const state = useRef({ typing: false, sentAt: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });

  const stop = useCallback(() => {
    const s = state.current;
    clearTimeout(s.idle);
    if (s.typing && socket?.connected && room) socket.emit('typing', { room, isTyping: false });
    s.typing = false;
  }, [socket, room]);

  const signal = useCallback(
    (isTyping: boolean) => {
      if (!isTyping) return stop();
      const s = state.current;
      const now = Date.now();
      if (socket?.connected && room && (!s.typing || now - s.sentAt > RESEND_MS)) {
        socket.emit('typing', { room, isTyping: true });
        s.typing = true;
        s.sentAt = now;
      }
      clearTimeout(s.idle);
      s.idle = setTimeout(stop, IDLE_MS);
    },
    [socket, room, stop],
  );

  // Leaving the conversation ends "typing" there.
  useEffect(() => stop, [stop]);

  return signal;
}
