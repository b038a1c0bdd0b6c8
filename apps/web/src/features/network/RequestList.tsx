/** The Requests and Sent tabs of the network: pending friend requests, newest first, paged, with their actions. */
import type { FriendRequestDirection } from '@plaza/contract';
import { Inbox, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { spelledAge } from '../../lib/dates';
import { REQUESTS_ERROR_TEXT, useFriendRequestsInfiniteQuery } from '../connections';
import { LoadMoreButton } from './LoadMoreButton';
import { PersonCard, PersonCardSkeleton, PeopleGrid } from './PersonCard';

export function RequestList({ direction }: { direction: FriendRequestDirection }) {
  const { t } = useTranslation('people');
  const { data, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useFriendRequestsInfiniteQuery(direction);
  const seen = new Set<string>();
  const people = (data?.pages ?? []).flatMap((p) => p.people).filter((u) => !seen.has(u._id) && seen.add(u._id));

  if (isError && !data) return <ErrorBanner message={REQUESTS_ERROR_TEXT} onRetry={() => void refetch()} />;
  if (!data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-busy="true" aria-label={t('network.loadingRequests')}>
        {Array.from({ length: 3 }, (_, i) => (
          <PersonCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (people.length === 0) {
    return direction === 'received' ? (
      <EmptyState icon={<Inbox className="h-7 w-7" />} title={t('network.noRequestsTitle')}>
        {t('network.noRequestsText')}
      </EmptyState>
    ) : (
      <EmptyState icon={<Send className="h-7 w-7" />} title={t('network.noSentTitle')}>
        {t('network.noSentText')}
      </EmptyState>
    );
  }
  return (
    <>
      <PeopleGrid
        label={direction === 'received' ? t('network.received') : t('network.sentList')}
        dimmed={isFetching && !isFetchingNextPage}
      >
        {people.map((user) => (
          <li key={user._id}>
            <PersonCard
              user={user}
              note={t(direction === 'received' ? 'network.askedAt' : 'network.sentAt', { age: spelledAge(user.requestedAt) })}
            />
          </li>
        ))}
      </PeopleGrid>
      {hasNextPage && <LoadMoreButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage} />}
    </>
  );
}
