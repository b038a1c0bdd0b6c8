/**
 * A photo's 5 s on screen: a clock that runs only while the photo has loaded and nothing pauses it, and
 * that reports how far it is. Videos run on the element's own clock instead (StoryMedia).
 */
import { useEffect, useRef, type RefObject } from 'react';

export const IMAGE_DURATION_MS = 5000;
const TICK_MS = 50;

export function usePhotoClock(opts: {
  storyId: string;
  running: boolean;
  /** Changes when the same story starts over. */
  restarts: number;
  onProgress: (share: number) => void;
  onDone: () => void;
}): RefObject<number> {
  const { storyId, running, restarts, onProgress, onDone } = opts;
  const elapsed = useRef(0);
  // The callbacks change every render; the clock should not restart because of that.
  const callbacks = useRef({ onProgress, onDone });
  useEffect(() => {
    callbacks.current = { onProgress, onDone };
  });

  useEffect(() => {
    elapsed.current = 0;
  }, [storyId, restarts]);

  useEffect(() => {
    if (!running) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      elapsed.current += now - last;
      last = now;
      if (elapsed.current >= IMAGE_DURATION_MS) {
        clearInterval(timer);
        callbacks.current.onDone();
      } else {
        callbacks.current.onProgress(elapsed.current / IMAGE_DURATION_MS);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [storyId, running, restarts]);

  return elapsed;
}
