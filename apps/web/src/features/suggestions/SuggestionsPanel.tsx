/**
 * "People you may know" (product.md § Suggestions): add a friend or dismiss a suggestion.
 * A vertical list for side columns (network, feed) or a horizontal strip for narrow screens. Its English (the
 * `people` namespace) comes with the screen showing it: the network page, or LazySuggestionsPanel on the feed;
 * importing it here would bring it into the feed's first load through this folder's index.
 */
import { InlineRetry } from '../../components/InlineRetry';
import { Sparkles, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { PersonRowSkeletons } from '../../components/PersonRowSkeletons';
import { ConnectionActions } from '../connections';
import { useProfilePath } from '../../lib/profile-path';
import { SUGGESTIONS_FALLBACK, useSuggestionsQuery } from './api';
import { dismissSuggestion } from './dismissedSlice';

export interface SuggestionsPanelProps {
  layout?: 'list' | 'strip';
  className?: string;
}

export function SuggestionsPanel({ layout = 'list', className = '' }: SuggestionsPanelProps) {
  const { t } = useTranslation('feed');
  const dispatch = useAppDispatch();
  // Several panels may show at once (the network page has two layouts); they share one request.
  const { data, isLoading, isError, error, refetch } = useSuggestionsQuery();
  const dismissed = useAppSelector((s) => s.dismissedSuggestions.ids);
  const items = useMemo(() => (data ?? []).filter((user) => !dismissed.includes(user._id)), [data, dismissed]);
  const profilePath = useProfilePath();

  // A strip with nothing to show only takes room from the page.
  if (layout === 'strip' && !isLoading && items.length === 0) return null;

  const subtitle = (mutual: number, userName: string) => (mutual > 0 ? t('suggestions.mutual', { count: mutual }) : `@${userName}`);

  return (
    <section aria-labelledby={`suggestions-title-${layout}`} className={`${layout === 'list' ? 'card p-4' : ''} ${className}`}>
      <h2
        id={`suggestions-title-${layout}`}
        className="mb-3 flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200"
      >
        <Sparkles className="h-4 w-4 text-brand-accent" /> {t('suggestions.title')}
      </h2>

      {isError && items.length === 0 ? (
        <InlineRetry
          message={(error && 'error' in error && error.message) || SUGGESTIONS_FALLBACK.message}
          onRetry={() => void refetch()}
        />
      ) : isLoading && items.length === 0 ? (
        <SuggestionsSkeleton layout={layout} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('suggestions.empty')}</p>
      ) : layout === 'list' ? (
        <ul className="space-y-4" aria-label={t('suggestions.list')}>
          {items.map((user) => (
            <li key={user._id} className="flex items-start gap-3">
              <Link to={profilePath(user.userName)} tabIndex={-1} aria-hidden>
                <Avatar name={user.fullName} id={user._id} src={user.userImage} size="md" />
              </Link>
              <div className="min-w-0 flex-1">
                <Link to={profilePath(user.userName)} className="block truncate text-sm font-semibold hover:underline">
                  {user.fullName}
                </Link>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">{subtitle(user.mutualFriends, user.userName)}</p>
                <div className="mt-2 flex">
                  <ConnectionActions user={user} status={user.connectionStatus} />
                </div>
              </div>
              <DismissButton name={user.fullName} onClick={() => dispatch(dismissSuggestion(user._id))} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:px-0" aria-label={t('suggestions.list')}>
          {items.map((user) => (
            <li key={user._id} className="card relative flex w-44 shrink-0 snap-start flex-col items-center p-4 text-center">
              <div className="absolute top-1.5 end-1.5">
                <DismissButton name={user.fullName} onClick={() => dispatch(dismissSuggestion(user._id))} />
              </div>
              <Link to={profilePath(user.userName)} tabIndex={-1} aria-hidden>
                <Avatar name={user.fullName} id={user._id} src={user.userImage} size="lg" />
              </Link>
              <Link to={profilePath(user.userName)} className="mt-2 max-w-full truncate text-sm font-semibold hover:underline">
                {user.fullName}
              </Link>
              <p className="max-w-full truncate text-xs text-slate-500 dark:text-slate-400">
                {subtitle(user.mutualFriends, user.userName)}
              </p>
              <div className="mt-3 flex w-full">
                <ConnectionActions user={user} status={user.connectionStatus} stretch />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DismissButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('feed');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('suggestions.dismiss', { name })}
      title={t('suggestions.notNow')}
      className="rounded-full p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-700 dark:hover:text-slate-200"
    >
      <X className="h-4 w-4" />
    </button>
  );
}

function SuggestionsSkeleton({ layout }: { layout: 'list' | 'strip' }) {
  if (layout === 'strip') {
    return (
      <div className="flex gap-3 overflow-hidden" aria-hidden>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="card flex w-44 shrink-0 animate-pulse flex-col items-center gap-2 p-4">
            <div className="h-16 w-16 rounded-full bg-slate-300 dark:bg-slate-600" />
            <div className="h-3 w-24 rounded skeleton" />
            <div className="h-3 w-16 rounded skeleton" />
            <div className="mt-2 h-8 w-full rounded-xl skeleton" />
          </div>
        ))}
      </div>
    );
  }
  return <PersonRowSkeletons count={3} lineWidths={['w-28', 'w-16']} className="space-y-4" />;
}
