/**
 * What a story shows: its photo over a blurred copy of itself, or its video playing and pausing with the
 * story; a spinner until it has loaded, and a plain line when it cannot be. The author's own video story
 * the server still makes playable (or could not) shows that instead, and fetches nothing; socket
 * `storyMedia` (live.ts) brings the player.
 */
import type { Story } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { VideoNotReady } from '../../components/VideoNotReady';

interface StoryMediaProps {
  story: Story;
  paused: boolean;
  muted: boolean;
  /** Changes when the same story starts over: a video goes back to its start. */
  restarts: number;
  loaded: boolean;
  failed: boolean;
  onLoaded: () => void;
  onFailed: () => void;
  /** The browser refused sound without a gesture: the video plays muted instead. Stable across renders. */
  onMutedByBrowser: () => void;
  onVideoProgress: (share: number) => void;
  onEnded: () => void;
}

export function StoryMedia(props: StoryMediaProps) {
  const { story, paused, muted, restarts, loaded, failed, onLoaded, onFailed, onMutedByBrowser, onVideoProgress, onEnded } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const storyId = story._id;
  const { t } = useTranslation('stories');
  const label = story.caption ?? t('storyOf', { name: story.user.fullName });

  useEffect(() => {
    if (restarts > 0 && videoRef.current) videoRef.current.currentTime = 0;
  }, [restarts]);

  // The element's own clock, paused and resumed with the story.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || story.mediaType !== 'video') return;
    if (paused) {
      video.pause();
      return;
    }
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch?.((err: unknown) => {
      // Browsers refuse sound without a gesture; muted playback is always allowed.
      if (err instanceof DOMException && err.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        onMutedByBrowser();
        void video.play()?.catch(() => {});
      }
    });
  }, [storyId, story.mediaType, paused, onMutedByBrowser]);

  if (story.status)
    return (
      <div className="absolute inset-0 flex items-center justify-center">
        <VideoNotReady status={story.status} className="h-full w-full" />
      </div>
    );

  return (
    <div className="absolute inset-0 flex items-center justify-center">
      {story.mediaType === 'image' ? (
        <>
          <img
            src={story.mediaUrl}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 h-full w-full scale-110 object-cover opacity-40 blur-2xl"
          />
          <img
            key={storyId}
            src={story.mediaUrl}
            alt={label}
            draggable={false}
            onLoad={onLoaded}
            onError={onFailed}
            className="relative max-h-full max-w-full object-contain"
          />
        </>
      ) : (
        <video
          key={storyId}
          ref={videoRef}
          src={story.mediaUrl}
          poster={story.posterUrl ?? undefined}
          playsInline
          autoPlay
          muted={muted}
          aria-label={label}
          onLoadedData={onLoaded}
          onError={onFailed}
          onTimeUpdate={(e) => {
            const { currentTime, duration } = e.currentTarget;
            if (duration) onVideoProgress(currentTime / duration);
          }}
          onEnded={onEnded}
          className="h-full w-full object-contain"
        />
      )}
      {!loaded && (
        <span className="absolute text-white">
          <Spinner size="lg" />
        </span>
      )}
      {failed && <p className="absolute px-8 text-center text-sm text-white/80">{t('failed')}</p>}
    </div>
  );
}
