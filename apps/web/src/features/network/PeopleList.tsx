/** The Everyone and Friends tabs of the network: people with the right connection action, searchable, paged. */
import { SearchX, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { firstNetworkPage, NETWORK_FALLBACK, peopleOf, useNetworkInfiniteQuery } from './api';
import { LoadMoreButton } from './LoadMoreButton';
import { PersonCard, PersonCardSkeleton, PeopleGrid } from './PersonCard';

export interface PeopleListProps {
  /** Trimmed and debounced. */
  query: string;
  connection?: 'friends';
  /** The grid's accessible name. */
  label: string;
}

export function PeopleList({ query, connection, label }: PeopleListProps) {
  const { t } = useTranslation('people');
  // Once a search has started the list over, pages are larger (product.md § Network and connections).
  const [searched, setSearched] = useState(false);
  if (query && !searched) setSearched(true);
  const { currentData, isFetching, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError, refetch } =
    useNetworkInfiniteQuery({ search: query, connection }, { initialPageParam: firstNetworkPage(searched) });
  const users = useMemo(() => (currentData ? peopleOf(currentData) : []), [currentData]);
  const total = currentData?.pages.at(-1)?.pagination.totalUsers ?? 0;
  const friends = connection === 'friends';
  const summary = query
    ? t(friends ? 'network.friendsMatching' : 'network.matching', { count: total, query })
    : t(friends ? 'network.friendsCount' : 'network.everyone', { count: total });
  const errorText = (error && 'error' in error && error.message) || NETWORK_FALLBACK.message;
  const refreshing = isFetching && !isFetchingNextPage && Boolean(currentData);
  const loadMore = () => void fetchNextPage();

  if (isError && !currentData) return <ErrorBanner message={errorText} onRetry={() => void refetch()} />;
  if (!currentData) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-busy="true" aria-label={t('network.loadingPeople')}>
        {Array.from({ length: 6 }, (_, i) => (
          <PersonCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (users.length === 0) {
    if (query) {
      return (
        <EmptyState icon={<SearchX className="h-7 w-7" />} title={t('network.noneFoundTitle')}>
          {t('network.noneFoundText', { query })}
        </EmptyState>
      );
    }
    return connection === 'friends' ? (
      <EmptyState icon={<UserPlus className="h-7 w-7" />} title={t('network.noFriendsTitle')}>
        {t('network.noFriendsText')}
      </EmptyState>
    ) : (
      <EmptyState icon={<Users className="h-7 w-7" />} title={t('network.emptyTitle')}>
        {t('network.emptyText')}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">{summary}</p>
      <PeopleGrid label={label} dimmed={refreshing}>
        {users.map((user) => (
          <li key={user._id}>
            <PersonCard user={user} />
          </li>
        ))}
      </PeopleGrid>
      {isFetchNextPageError && (
        <div className="mt-4">
          <ErrorBanner message={errorText} onRetry={loadMore} />
        </div>
      )}
      {hasNextPage && <LoadMoreButton onClick={loadMore} loading={isFetchingNextPage} />}
    </>
  );
}
