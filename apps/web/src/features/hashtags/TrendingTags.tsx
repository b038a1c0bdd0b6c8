/**
 * "Trending" (product.md § Hashtags): the tags used by the most people in the last 24 hours, each a link
 * to its page. A card in the feed's side column on wide screens.
 */
import { InlineRetry } from '../../components/InlineRetry';
import { Hash, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { tagPath } from '../../lib/rich-text';
import { TRENDING_FALLBACK, TRENDING_REFRESH_MS, useTrendingTagsQuery } from './api';
import { nothingTrending, trendingText } from './texts';

export function TrendingTags({ className = '' }: { className?: string }) {
  const { data, isLoading, isError, error, refetch } = useTrendingTagsQuery(undefined, {
    pollingInterval: TRENDING_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  const tags = data ?? [];
  const { t } = useTranslation();

  return (
    <section aria-labelledby="trending-title" className={`card p-4 ${className}`}>
      <h2
        id="trending-title"
        className="mb-3 flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200"
      >
        <TrendingUp className="h-4 w-4 text-brand-accent" aria-hidden /> {t('search.trending')}
      </h2>
      {isError && tags.length === 0 ? (
        <InlineRetry message={errorText(error, TRENDING_FALLBACK.message)} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <div className="space-y-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="animate-pulse space-y-2">
              <div className="skeleton h-3 w-28 rounded" />
              <div className="skeleton h-3 w-20 rounded" />
            </div>
          ))}
        </div>
      ) : tags.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{nothingTrending()}</p>
      ) : (
        <ol className="-mx-2 space-y-0.5" aria-label={t('search.trendingTags')}>
          {tags.map(({ tag, people, posts }) => (
            <li key={tag}>
              <Link
                to={tagPath(tag)}
                className="flex min-h-11 items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <Hash className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">#{tag}</span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{trendingText(people, posts)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
