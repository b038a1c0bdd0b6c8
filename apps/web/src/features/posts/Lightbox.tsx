/** Full-size images of a post, one at a time: ← → step through them, Esc closes; focus stays inside. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { PostMedia } from '@plaza/contract';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { arrowStep } from '../../lib/arrow-keys';

export interface LightboxProps {
  media: PostMedia[];
  index: number | null;
  authorName: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const navButton =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-3 text-white backdrop-blur hover:bg-white/25 disabled:opacity-30';

export function Lightbox({ media, index, authorName, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation('posts');
  const open = index !== null;
  const current = open ? media[index] : undefined;
  const count = media.length;
  const step = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < count) onIndexChange(next);
  };
  // The arrows follow the way the page is read: in Arabic, ArrowLeft is the next image.
  const onKeyDown = (e: KeyboardEvent) => {
    const way = arrowStep(e.key);
    if (way) step(way === 'next' ? 1 : -1);
  };

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/90 backdrop-blur-sm" aria-hidden="true" />
      <DialogPanel onKeyDown={onKeyDown} className="fixed inset-0 flex items-center justify-center p-4 sm:p-12">
        <DialogTitle className="sr-only">{t('media.image', { n: (index ?? 0) + 1, total: count, name: authorName })}</DialogTitle>
        {current && (
          <img
            src={current.url}
            alt={t('media.image', { n: (index ?? 0) + 1, total: count, name: authorName })}
            className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
          />
        )}
        <button
          onClick={onClose}
          aria-label={t('media.closeViewer')}
          className="absolute top-4 end-4 rounded-full bg-white/10 p-2.5 text-white hover:bg-white/25"
        >
          <X className="h-5 w-5" />
        </button>
        {count > 1 && (
          <>
            <button
              onClick={() => step(-1)}
              disabled={index === 0}
              aria-label={t('media.previous')}
              className={`${navButton} start-3 sm:start-6`}
            >
              <ChevronLeft className="h-6 w-6 rtl:rotate-180" />
            </button>
            <button
              onClick={() => step(1)}
              disabled={index === count - 1}
              aria-label={t('media.next')}
              className={`${navButton} end-3 sm:end-6`}
            >
              <ChevronRight className="h-6 w-6 rtl:rotate-180" />
            </button>
            <p
              className="absolute inset-x-0 bottom-5 mx-auto w-fit rounded-full bg-white/10 px-3 py-1 text-sm text-white"
              aria-live="polite"
            >
              {(index ?? 0) + 1} / {count}
            </p>
          </>
        )}
      </DialogPanel>
    </Dialog>
  );
}
