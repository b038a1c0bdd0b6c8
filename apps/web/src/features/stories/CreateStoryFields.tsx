/** The parts of the dialog that adds a story: the media picked (or the button to pick it), the caption, the upload. */
import { LIMITS } from '@plaza/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/locale';

const MB = 1024 * 1024;

export interface Picked {
  file: File;
  kind: 'image' | 'video';
  url: string;
}

/** The picked photo or video, playing, with a button to change it; before any, a big button to choose one. */
export function PickedMedia({ picked, uploading, onChoose }: { picked: Picked | null; uploading: boolean; onChoose: () => void }) {
  const { t } = useTranslation('stories');
  if (!picked) {
    return (
      <button
        onClick={onChoose}
        className="flex w-full flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 px-6 py-10 text-center transition hover:border-brand-primary hover:bg-brand-primary/5 dark:border-slate-600 dark:hover:border-brand-primary"
      >
        <span className="rounded-full bg-brand-primary/10 p-3 text-brand-primary">
          <ImagePlus className="h-7 w-7" />
        </span>
        <span className="font-semibold">{t('create.choose')}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {t('create.limits', { imageMb: LIMITS.imageBytes / MB, videoMb: LIMITS.videoBytes / MB })}
        </span>
      </button>
    );
  }
  return (
    <div className="relative mx-auto aspect-[9/16] max-h-[46vh] overflow-hidden rounded-2xl bg-black">
      {picked.kind === 'image' ? (
        <img src={picked.url} alt={t('create.preview')} className="h-full w-full object-contain" />
      ) : (
        <video src={picked.url} aria-label={t('create.preview')} className="h-full w-full object-contain" autoPlay muted loop playsInline />
      )}
      {!uploading && (
        <button
          onClick={onChoose}
          className="absolute top-2 end-2 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur hover:bg-black/75"
        >
          <RefreshCw className="h-3.5 w-3.5" /> {t('create.change')}
        </button>
      )}
    </div>
  );
}

export function CaptionField({
  caption,
  setCaption,
  disabled,
}: {
  caption: string;
  setCaption: (caption: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('stories');
  const captionId = useId();
  const over = caption.length > LIMITS.storyCaption.max;
  return (
    <div className="space-y-1.5">
      <label htmlFor={captionId} className="block text-sm font-medium">
        {t('create.caption')}
      </label>
      <textarea
        id={captionId}
        rows={2}
        className="input resize-none"
        placeholder={t('create.captionPlaceholder')}
        value={caption}
        disabled={disabled}
        maxLength={LIMITS.storyCaption.max}
        onChange={(e) => setCaption(e.target.value)}
      />
      <p className={`text-end text-xs ${over ? 'text-rose-600' : 'text-slate-500 dark:text-slate-400'}`} aria-live="polite">
        {caption.length}/{LIMITS.storyCaption.max}
      </p>
    </div>
  );
}

/** How much of the upload is done, from 0 to 1; once all of it, the server is still processing. */
export function UploadProgress({ progress }: { progress: number }) {
  const { t } = useTranslation('stories');
  const percent = new Intl.NumberFormat(currentLocale(), { style: 'percent' });
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t('create.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        className="h-2 overflow-hidden rounded-full skeleton"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-brand-primary to-brand-accent transition-[width]"
          style={{ width: `${progress * 100}%` }}
        />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {progress < 1 ? t('create.uploading', { percent: percent.format(progress) }) : t('create.processing')}
      </p>
    </div>
  );
}
