/**
 * The card the text being written will get, under a composer: its first link's card once the author has
 * stopped typing for a moment, with a button to remove it. A removed card stays removed for that link; the
 * composer sends `noPreview` with the text so the server makes none.
 */
import { firstLinkOf } from '@plaza/contract';
import { X } from 'lucide-react';
import { useDebouncedValue } from '../search';
import { useGetLinkPreviewQuery } from './api';
import { LinkPreviewCard } from './LinkPreviewCard';
import { useTranslation } from 'react-i18next';

/**
 * The link the text would get a card for, once typing has settled; null while the text's first link is not the
 * settled one (a card left over from text just sent or changed never shows, nor can it be the one removed).
 */
export function useComposerLink(text: string): string | null {
  const now = firstLinkOf(text);
  const settled = useDebouncedValue(now, 600);
  return settled === now ? settled : null;
}

export function ComposerLinkPreview({
  link,
  removed,
  onRemove,
  compact = false,
  row = false,
  disabled = false,
}: {
  link: string | null;
  removed: boolean;
  onRemove: () => void;
  compact?: boolean;
  row?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('posts');
  const { currentData: preview, isFetching } = useGetLinkPreviewQuery(link ?? '', { skip: !link || removed });
  if (!link || removed) return null;
  if (isFetching && !preview)
    return (
      <p role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t('linkPreview.loading')}
      </p>
    );
  if (!preview) return null;
  return (
    <div className="relative mt-3">
      <LinkPreviewCard preview={preview} compact={compact} row={row} />
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('linkPreview.remove')}
        title={t('linkPreview.remove')}
        className={`absolute end-1.5 inline-flex h-11 w-11 items-center justify-center rounded-full bg-slate-900/70 text-white backdrop-blur hover:bg-slate-900 sm:h-8 sm:w-8 ${row ? 'top-1/2 -translate-y-1/2' : 'top-1.5'}`}
      >
        <X className="h-4 w-4" />
      </button>
    </div>
  );
}
