/** What a post shows under its text: its video, or its images in a grid. */
import type { PostMedia } from '@plaza/contract';
import { ImageGrid } from './ImageGrid';
import { PostVideo } from './PostVideo';

export function PostMediaView({ media, authorName, priority = false }: { media: PostMedia[]; authorName: string; priority?: boolean }) {
  const video = media.find((m) => m.type === 'video');
  if (video) return <PostVideo media={video} authorName={authorName} />;
  return <ImageGrid media={media} authorName={authorName} priority={priority} />;
}
