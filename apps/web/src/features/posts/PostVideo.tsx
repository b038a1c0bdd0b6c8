/**
 * A post's video: its poster frame in the video's own shape until someone presses play, then the MP4
 * with the browser's controls. Nothing of the video is fetched before that (`preload="none"`), so a feed
 * full of videos costs no more to open than one of photos. While the server still makes it playable, a
 * placeholder of the same shape says so; socket `postMedia` (live.ts) swaps in the player.
 */
import type { PostMedia } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { VideoNotReady } from '../../components/VideoNotReady';

/** The same bounds as a single image (ImageGrid): portrait 4:5 to landscape 1.91:1. */
const ratioOf = (m: PostMedia) => (m.width > 0 && m.height > 0 ? Math.min(1.91, Math.max(0.8, m.width / m.height)) : 16 / 9);

const lengthOf = (seconds: number | undefined) => {
  if (!seconds) return '';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function PostVideo({ media, authorName }: { media: PostMedia; authorName: string }) {
  const { t } = useTranslation('posts');
  const length = lengthOf(media.durationSeconds);
  if (media.status) return <VideoNotReady status={media.status} className="w-full" style={{ aspectRatio: ratioOf(media) }} />;
  return (
    <video
      src={media.url}
      poster={media.thumbUrl}
      controls
      playsInline
      preload="none"
      width={media.width || undefined}
      height={media.height || undefined}
      aria-label={length ? t('media.videoLength', { name: authorName, length }) : t('media.video', { name: authorName })}
      className="block w-full bg-black object-contain"
      style={{ aspectRatio: ratioOf(media) }}
    />
  );
}
