/** The story player's keys: the arrows step (the way the page is read), Space pauses, while nothing is open over the story. */
import { useEffect } from 'react';
import { arrowStep } from '../../lib/arrow-keys';

interface StoryKeys {
  /** False while a sheet or a dialog over the story takes the keys. */
  enabled: boolean;
  next: () => void;
  previous: () => void;
  togglePaused: () => void;
}

export function useStoryKeys({ enabled, next, previous, togglePaused }: StoryKeys) {
  // Subscribed anew on every render so the keys always act on the story now on screen.
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      // Right to left, ArrowLeft moves on: the keys follow the way the page is read.
      const step = arrowStep(e.key);
      if (step === 'next') next();
      else if (step === 'previous') previous();
      else if (e.key === ' ') togglePaused();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
