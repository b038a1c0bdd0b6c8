/** The network (SPEC §2 /network): everyone else on Plaza with the right connection action, searchable, paged. */
import { Search, SearchX, Users, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { useDebouncedValue } from '../search';
import { SuggestionsPanel } from '../suggestions';
import { firstNetworkPage, NETWORK_ERROR_TEXT, peopleOf, useNetworkInfiniteQuery } from './api';
import { PersonCard, PersonCardSkeleton } from './PersonCard';

export const SEARCH_DEBOUNCE_MS = 300;

export default function NetworkPage() {
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  // Once a search has started the list over, pages are larger (SPEC §9).
  const [searched, setSearched] = useState(false);
  if (query && !searched) setSearched(true);

  const { currentData, isFetching, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError, refetch } =
    useNetworkInfiniteQuery({ search: query }, { initialPageParam: firstNetworkPage(searched) });
  const users = useMemo(() => (currentData ? peopleOf(currentData) : []), [currentData]);
  const totalUsers = currentData?.pages.at(-1)?.pagination.totalUsers ?? 0;
  const errorText = (error && 'error' in error && error.message) || NETWORK_ERROR_TEXT;

  const firstLoad = !currentData && !isError;
  const refreshing = isFetching && !isFetchingNextPage && Boolean(currentData);
  const loadMore = () => void fetchNextPage();
  const retry = () => void refetch();

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="network-title" className="min-w-0">
        <header className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 id="network-title" className="text-2xl font-bold tracking-tight">
              Network
            </h1>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {currentData && totalUsers > 0
                ? `${totalUsers} ${totalUsers === 1 ? 'person' : 'people'}${query ? ` matching “${query}”` : ' on Plaza'}`
                : 'Find people and grow your circle'}
            </p>
          </div>
          <div className="relative sm:w-72">
            <label htmlFor="network-search" className="sr-only">
              Search your network
            </label>
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <input
              id="network-search"
              type="text"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Name or @username"
              autoComplete="off"
              className="input pr-9 pl-9"
            />
            {term && (
              <button
                type="button"
                onClick={() => setTerm('')}
                aria-label="Clear search"
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-700"
              >
                <X className="h-4 w-4" />
              </button>
            )}
          </div>
        </header>

        <SuggestionsPanel layout="strip" className="mb-6 lg:hidden" />

        {isError && !currentData ? (
          <ErrorBanner message={errorText} onRetry={retry} />
        ) : firstLoad ? (
          <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-busy="true" aria-label="Loading people">
            {Array.from({ length: 6 }, (_, i) => (
              <PersonCardSkeleton key={i} />
            ))}
          </div>
        ) : users.length === 0 ? (
          query ? (
            <EmptyState icon={<SearchX className="h-7 w-7" />} title="No people found">
              Nobody matches “{query}”. Try another name or user name.
            </EmptyState>
          ) : (
            <EmptyState icon={<Users className="h-7 w-7" />} title="No one else is here yet">
              When people join Plaza they will show up here, ready to be added as friends.
            </EmptyState>
          )
        ) : (
          <>
            <ul
              className={`grid gap-4 transition-opacity sm:grid-cols-2 2xl:grid-cols-3 ${refreshing ? 'opacity-60' : ''}`}
              aria-label="People"
            >
              {users.map((user) => (
                <li key={user._id}>
                  <PersonCard user={user} />
                </li>
              ))}
            </ul>
            {isFetchNextPageError && (
              <div className="mt-4">
                <ErrorBanner message={errorText} onRetry={loadMore} />
              </div>
            )}
            {hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" onClick={loadMore} loading={isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      <aside className="hidden lg:block">
        <div className="sticky top-20">
          <SuggestionsPanel layout="list" />
        </div>
      </aside>
    </div>
  );
}
