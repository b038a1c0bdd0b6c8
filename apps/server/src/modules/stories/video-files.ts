/** Where a story's files are: its photo or video and poster, and a video's upload kept until its job is done. */
import type { MediaStorage } from '../../media/storage';
import type { StoryRow } from './repo';

/** The URL of the MP4 (or, `webp`, the poster) a story's video job stores under `name`: known at upload, answering 404 until then. */
export const storyVideoUrl = (storage: MediaStorage, name: string, ext: 'mp4' | 'webp') => storage.urlOf(`stories/${name}.${ext}`);

/** Every storage key a story holds, to remove with it. */
export function storyFileKeys(storage: MediaStorage, story: Pick<StoryRow, 'media_url' | 'poster_url' | 'source_key'>): string[] {
  const fromUrls = [story.media_url, story.poster_url].flatMap((url) => (url ? (storage.keyOf(url) ?? []) : []));
  return story.source_key ? [...fromUrls, story.source_key] : fromUrls;
}
