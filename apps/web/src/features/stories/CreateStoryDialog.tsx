/** Adds a story: pick a photo or video, preview it, write an optional caption, upload with progress. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { LIMITS } from '@plaza/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { CloseButton } from '../../components/CloseButton';
import { withSniffedType } from '../../lib/media-sniff';
import { CREATE_FALLBACK, useCreateStoryMutation } from './api';
import { CaptionField, PickedMedia, UploadProgress, type Picked } from './CreateStoryFields';
import { ACCEPTED_MEDIA, checkStoryMedia } from './media-rules';
import './stories-catalog';

export function CreateStoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('stories');
  const [createStory] = useCreateStoryMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { picked, pick, clear } = usePickedFile(fileInput, setError);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  function reset() {
    clear();
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
            <PickedMedia picked={picked} uploading={uploading} onChoose={() => fileInput.current?.click()} />

            <CaptionField caption={caption} setCaption={setCaption} disabled={uploading} />

            {uploading && <UploadProgress progress={progress} />}

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

/**
 * The photo or video picked, checked by its first bytes: a text file named .png is refused now (through
 * `setError`), not shown as a broken preview. Its preview URL is let go when another replaces it.
 */
function usePickedFile(fileInput: RefObject<HTMLInputElement | null>, setError: (error: string | null) => void) {
  const [picked, setPicked] = useState<Picked | null>(null);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.url)), [picked]);

  async function pick(chosen: File | undefined) {
    if (!chosen) return;
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

  return { picked, pick, clear: () => setPicked(null) };
}
