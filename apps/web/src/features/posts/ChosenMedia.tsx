/** The images or video chosen for a new post, each with a button that takes it out again. */
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PickedMedia } from './picked-media';

const REMOVE_BUTTON = 'absolute top-1.5 end-1.5 rounded-full bg-slate-900/70 p-1.5 text-white backdrop-blur hover:bg-slate-900';

export function ChosenMedia({ media, disabled }: { media: PickedMedia; disabled: boolean }) {
  const { t } = useTranslation('feed');
  const { images, video } = media;
  return (
    <>
      {images.length > 0 && (
        <ul
          className={`mt-3 grid gap-2 ${images.length === 1 ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-4'}`}
          aria-label={t('composer.chosenImages')}
        >
          {images.map((img, i) => (
            <li key={img.preview} className="group relative overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
              <img
                src={img.preview}
                alt={t('composer.chosenImage', { n: i + 1, name: img.file.name })}
                className={`w-full object-cover ${images.length === 1 ? 'max-h-72' : 'aspect-square'}`}
              />
              <button
                type="button"
                onClick={() => media.removeImage(i)}
                disabled={disabled}
                aria-label={t('composer.removeImage', { n: i + 1 })}
                className={REMOVE_BUTTON}
              >
                <X className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {video && (
        <div className="relative mt-3 overflow-hidden rounded-xl bg-black">
          <video
            src={video.preview}
            controls
            muted
            playsInline
            aria-label={t('composer.chosenVideo', { name: video.file.name })}
            className="max-h-72 w-full"
          />
          <button
            type="button"
            onClick={media.removeVideo}
            disabled={disabled}
            aria-label={t('composer.removeVideo')}
            className={REMOVE_BUTTON}
          >
            <X className="h-3.5 w-3.5" />
          </button>
        </div>
      )}
    </>
  );
}
