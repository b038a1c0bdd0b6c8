/** Adds a story: pick a photo or video, preview it, write an optional caption, upload with progress. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { LIMITS } from '@plaza/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/locale';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { CloseButton } from '../../components/CloseButton';
import { withSniffedType } from '../../lib/media-sniff';
import { CREATE_FALLBACK, useCreateStoryMutation } from './api';
import { ACCEPTED_MEDIA, checkStoryMedia } from './media-rules';
import './stories-catalog';

const MB = 1024 * 1024;

interface Picked {
  file: File;
  kind: 'image' | 'video';
  url: string;
}

export function CreateStoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('stories');
  const [createStory] = useCreateStoryMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const captionId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.url)), [picked]);

  function reset() {
    setPicked(null);
    setCaption('');
    setError(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function dismiss() {
    if (uploading) return;
    onClose();
    reset();
  }

  async function pick(chosen: File | undefined) {
    if (!chosen) return;
    // By its first bytes: a text file named .png is refused now, not shown as a broken preview.
    const file = await withSniffedType(chosen);
    const checked = checkStoryMedia(file);
    if (checked.error !== null) {
      setError(checked.error);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setError(null);
    setPicked({ file, kind: checked.kind, url: URL.createObjectURL(file) });
  }

  async function share() {
    if (!picked || uploading) return;
    setError(null);
    setProgress(0);
    const result = await createStory({ media: picked.file, caption, onProgress: setProgress });
    if (result.error) {
      setProgress(null);
      setError(result.error.message ?? CREATE_FALLBACK.message);
    } else {
      toast.success(t('create.live'));
      onClose();
      reset();
    }
  }

  const over = caption.length > LIMITS.storyCaption.max;
  const percent = new Intl.NumberFormat(currentLocale(), { style: 'percent' });

  return (
    <Dialog open={open} onClose={dismiss} className="relative z-[60]">
      <div className="fixed inset-0 bg-slate-950/60 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="card flex max-h-[92vh] w-full max-w-md flex-col overflow-hidden rounded-b-none sm:rounded-b-2xl">
          <header className="flex items-center border-b border-slate-200 px-5 py-3.5 dark:border-slate-700">
            <DialogTitle className="text-lg font-semibold">{t('create.title')}</DialogTitle>
            <CloseButton onClick={dismiss} disabled={uploading} className="ms-auto dark:text-slate-400" />
          </header>

          <div className="space-y-4 overflow-y-auto px-5 py-4">
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_MEDIA}
              className="sr-only"
              aria-label={t('create.choose')}
              disabled={uploading}
              onChange={(e) => void pick(e.target.files?.[0])}
            />
            {picked ? (
              <div className="relative mx-auto aspect-[9/16] max-h-[46vh] overflow-hidden rounded-2xl bg-black">
                {picked.kind === 'image' ? (
                  <img src={picked.url} alt={t('create.preview')} className="h-full w-full object-contain" />
                ) : (
                  <video
                    src={picked.url}
                    aria-label={t('create.preview')}
                    className="h-full w-full object-contain"
                    autoPlay
                    muted
                    loop
                    playsInline
                  />
                )}
                {!uploading && (
                  <button
                    onClick={() => fileInput.current?.click()}
                    className="absolute top-2 end-2 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur hover:bg-black/75"
                  >
                    <RefreshCw className="h-3.5 w-3.5" /> {t('create.change')}
                  </button>
                )}
              </div>
            ) : (
              <button
                onClick={() => fileInput.current?.click()}
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
            )}

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
                disabled={uploading}
                maxLength={LIMITS.storyCaption.max}
                onChange={(e) => setCaption(e.target.value)}
              />
              <p className={`text-end text-xs ${over ? 'text-rose-600' : 'text-slate-500 dark:text-slate-400'}`} aria-live="polite">
                {caption.length}/{LIMITS.storyCaption.max}
              </p>
            </div>

            {uploading && (
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
            )}

            {error && (
              <p
                role="alert"
                className="rounded-xl border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-200"
              >
                {error}
              </p>
            )}
          </div>

          <footer className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3.5 dark:border-slate-700">
            <Button variant="ghost" onClick={dismiss} disabled={uploading}>
              {t('create.cancel')}
            </Button>
            <Button onClick={() => void share()} disabled={!picked || over} loading={uploading}>
              {t('create.share')}
            </Button>
          </footer>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
