/**
 * A link's preview card: the page's image (Plaza's own copy), title, description and site, the whole card one
 * link to the page in a new tab. Video sites show their thumbnail with a play mark, never a player. The card
 * keeps the image's box at a fixed ratio, so a card that arrives late grows once and nothing inside it jumps.
 */
import type { LinkPreview } from '@plaza/contract';
import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com)$/i;

const FRAME =
  'overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-start text-slate-900 no-underline transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-primary dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * Said after the card's own text, which is its accessible name: a label of other words would not hold what
 * the card shows (speech input says what it sees), so only this is added.
 */
function NewTab() {
  const { t } = useTranslation('posts');
  return <span className="sr-only">{t('linkPreview.newTab')}</span>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** `compact`: smaller texts, for comments and chat bubbles; `row`: a small thumbnail beside the texts, for the chat's composer. */
export function LinkPreviewCard({
  preview,
  compact = false,
  row = false,
  className = '',
}: {
  preview: LinkPreview;
  compact?: boolean;
  row?: boolean;
  className?: string;
}) {
  const host = hostOf(preview.url);
  const video = VIDEO_HOSTS.test(host);
  if (row)
    return (
      <a
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        data-testid="link-preview"
        className={`${FRAME} flex items-center gap-3 p-2 pe-12 ${className}`}
      >
        {preview.image && (
          <img src={preview.image} alt="" loading="lazy" decoding="async" className="h-14 w-14 shrink-0 rounded-lg object-cover" />
        )}
        <span className="min-w-0">
          <span className="block truncate text-xs text-slate-600 uppercase dark:text-slate-400">{preview.siteName ?? host}</span>
          <span className="block truncate text-sm font-semibold">{preview.title}</span>
        </span>
        <NewTab />
      </a>
    );
  return (
    <a
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      data-testid="link-preview"
      className={`${FRAME} block ${className}`}
    >
      {preview.image && (
        <span className={`relative block overflow-hidden bg-slate-200 dark:bg-slate-700 ${compact ? 'aspect-[2/1]' : 'aspect-[1.91/1]'}`}>
          <img src={preview.image} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
          {video && (
            <span aria-hidden className="absolute inset-0 flex items-center justify-center">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/65 text-white">
                <Play className="ms-0.5 h-6 w-6" fill="currentColor" />
              </span>
            </span>
          )}
        </span>
      )}
      <span className={`block ${compact ? 'px-3 py-2' : 'px-3.5 py-2.5'}`}>
        <span className="block truncate text-xs text-slate-600 uppercase dark:text-slate-400">{preview.siteName ?? host}</span>
        <span className={`line-clamp-2 block font-semibold ${compact ? 'text-sm' : 'text-[15px]'}`}>{preview.title}</span>
        {preview.description && !compact && (
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-700 dark:text-slate-300">{preview.description}</span>
        )}
      </span>
      <NewTab />
    </a>
  );
}
