/**
 * The stories tray stays live while the app is open: socket `storyMedia` says a story's video is ready
 * (it now enters friends' trays, and the author's "Processing video…" becomes the player) or failed. Its
 * URLs are signed for each viewer, so the stories are read again rather than taken from the event.
 */
import type { StoryMediaEvent } from '@plaza/contract';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { storiesApi } from './api';

export function useStoriesLive(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('storyMedia', (_event: StoryMediaEvent) => {
    dispatch(storiesApi.util.invalidateTags(['Stories']));
  });
}
