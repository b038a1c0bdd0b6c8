/**
 * Sends "typing" while the user types: at most every 1.5 s, and "stopped" after 2 s of quiet. A one-to-one
 * conversation sends `typing {room, isTyping}`, a group `groupTyping {conversationId, isTyping}`.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { PlazaSocket } from '../../lib/socket';

const RESEND_MS = 1500;
const IDLE_MS = 2000;

/** Throttles `send` the same way for both kinds of conversation; `send` answers whether it could send. */
function useThrottledTyping(send: (isTyping: boolean) => boolean): (isTyping: boolean) => void {
  const state = useRef({ typing: false, sentAt: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });

  const stop = useCallback(() => {
    const s = state.current;
    clearTimeout(s.idle);
    if (s.typing) send(false);
    s.typing = false;
  }, [send]);

  const signal = useCallback(
    (isTyping: boolean) => {
      if (!isTyping) return stop();
      const s = state.current;
      const now = Date.now();
      if ((!s.typing || now - s.sentAt > RESEND_MS) && send(true)) {
        s.typing = true;
        s.sentAt = now;
      }
      clearTimeout(s.idle);
      s.idle = setTimeout(stop, IDLE_MS);
    },
    [send, stop],
  );

  // Leaving the conversation ends "typing" there.
  useEffect(() => stop, [stop]);

  return signal;
}

export function useTypingSignal(socket: PlazaSocket | null, room: string | null): (isTyping: boolean) => void {
  const send = useCallback(
    (isTyping: boolean) => {
      if (!socket?.connected || !room) return false;
      socket.emit('typing', { room, isTyping });
      return true;
    },
    [socket, room],
  );
  return useThrottledTyping(send);
}

export function useGroupTypingSignal(socket: PlazaSocket | null, conversationId: string): (isTyping: boolean) => void {
  const send = useCallback(
    (isTyping: boolean) => {
      if (!socket?.connected) return false;
      socket.emit('groupTyping', { conversationId, isTyping });
      return true;
    },
    [socket, conversationId],
  );
  return useThrottledTyping(send);
}
