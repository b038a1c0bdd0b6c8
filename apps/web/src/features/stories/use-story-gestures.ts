/**
 * The story's touch and mouse gestures: holding pauses, a short tap on the left third (the right one in a
 * right-to-left page) goes back and elsewhere forward, dragging down far enough closes. A press that lasted
 * or moved too long only paused.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { isRightToLeft } from '../../lib/arrow-keys';

/** A press shorter than this that barely moves is a tap; anything longer only paused. */
const TAP_MAX_MS = 350;
const TAP_MAX_MOVE_PX = 12;
const SWIPE_CLOSE_PX = 90;

export interface StoryGestureActions {
  back: () => void;
  forward: () => void;
  close: () => void;
}

export function useStoryGestures({ back, forward, close }: StoryGestureActions) {
  const [held, setHeld] = useState(false);
  const [dragY, setDragY] = useState(0);
  const press = useRef<{ x: number; y: number; at: number } | null>(null);

  const release = () => {
    const start = press.current;
    press.current = null;
    setHeld(false);
    setDragY(0);
    return start;
  };

  const handlers = {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      press.current = { x: e.clientX, y: e.clientY, at: Date.now() };
      setHeld(true);
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      if (press.current) setDragY(Math.max(0, e.clientY - press.current.y));
    },
    onPointerUp(e: PointerEvent<HTMLDivElement>) {
      const start = release();
      if (!start) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (dy > SWIPE_CLOSE_PX && dy > Math.abs(dx)) return close();
      if (Date.now() - start.at > TAP_MAX_MS || Math.hypot(dx, dy) > TAP_MAX_MOVE_PX) return;
      const rect = e.currentTarget.getBoundingClientRect();
      // The third where reading starts goes back: the right one in a right-to-left page.
      const fromStart = isRightToLeft() ? rect.right - e.clientX : e.clientX - rect.left;
      if (fromStart < rect.width / 3) back();
      else forward();
    },
    onPointerCancel() {
      release();
    },
  };

  return { held, dragY, handlers };
}

/** The story shrinks and fades as it is dragged down, until far enough to close. */
export function draggedDownStyle(dragY: number) {
  if (!dragY) return undefined;
  const pulled = Math.min(dragY, 400);
  return { transform: `translateY(${dragY}px) scale(${1 - pulled / 2000})`, opacity: 1 - pulled / 800 };
}
