/** The composer's Photo and Video buttons, each opening the file chooser for what a post may carry. */
import { VIDEO_LIMITS } from '@plaza/contract';
import { Film, ImagePlus } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, MAX_IMAGES, MAX_VIDEO_MB, VIDEO_TYPES, type PickedMedia } from './picked-media';

export function MediaButtons({ media, disabled }: { media: PickedMedia; disabled: boolean }) {
  const { t } = useTranslation('feed');
  const fileRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLInputElement>(null);
  const { images, video } = media;

  return (
    <div className="flex items-center gap-1">
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        multiple
        hidden
        aria-label={t('composer.chooseImages')}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          void media.pickImages(chosen);
        }}
      />
      <button
        type="button"
        onClick={() => fileRef.current?.click()}
        disabled={disabled || images.length >= MAX_IMAGES || video !== null}
        // The name holds what is shown ("Photo", "1/4"), as speech input needs.
        aria-label={images.length > 0 ? t('composer.addPhotoCounted', { n: images.length, max: MAX_IMAGES }) : t('composer.addPhoto')}
        title={t('composer.addPhotoHint', { count: MAX_IMAGES })}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-emerald-700 hover:bg-emerald-50 disabled:opacity-50 dark:text-emerald-400 dark:hover:bg-emerald-950/40"
      >
        <ImagePlus className="h-5 w-5" />
        <span className="hidden sm:inline">{t('composer.photo')}</span>
        {images.length > 0 && <span className="text-xs text-slate-500 dark:text-slate-400">{`${images.length}/${MAX_IMAGES}`}</span>}
      </button>
      <input
        ref={videoRef}
        type="file"
        accept={VIDEO_TYPES.join(',')}
        hidden
        aria-label={t('composer.chooseVideo')}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) void media.pickVideo(chosen);
        }}
      />
      <button
        type="button"
        onClick={() => videoRef.current?.click()}
        disabled={disabled || images.length > 0 || video !== null}
        aria-label={t('composer.addVideo')}
        title={t('composer.addVideoHint', { mb: MAX_VIDEO_MB, seconds: VIDEO_LIMITS.maxDurationSeconds })}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-sky-700 hover:bg-sky-50 disabled:opacity-50 dark:text-sky-400 dark:hover:bg-sky-950/40"
      >
        <Film className="h-5 w-5" />
        <span className="hidden sm:inline">{t('composer.video')}</span>
      </button>
    </div>
  );
}
