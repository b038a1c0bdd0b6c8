/** The network (SPEC §2 /network): everyone else on Plaza with the right connection action, searchable, paged. */
import { Search, SearchX, Users, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { useDebouncedValue } from '../search/useDebouncedValue';
import { SuggestionsPanel } from '../suggestions/SuggestionsPanel';
import { fetchNetwork, resetNetwork } from './networkSlice';
import { PersonCard, PersonCardSkeleton } from './PersonCard';

export const SEARCH_DEBOUNCE_MS = 300;

export default function NetworkPage() {
  const dispatch = useAppDispatch();
  const { users, pagination, status, moreStatus, error, search } = useAppSelector((s) => s.network);
  const [term, setTerm] = useState(search);
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const lastQuery = useRef<string | null>(null);

  useEffect(() => {
    if (lastQuery.current === query) return;
    // A new search starts the list over; the first load of the page just refreshes page 1.
    if (lastQuery.current !== null) dispatch(resetNetwork());
    lastQuery.current = query;
    void dispatch(fetchNetwork({ page: 1, search: query }));
  }, [query, dispatch]);

  const firstLoad = (status === 'loading' || status === 'idle') && users.length === 0;
  const loadMore = () => void dispatch(fetchNetwork({ page: pagination.currentPage + 1, search: query }));
  const retry = () => void dispatch(fetchNetwork({ page: 1, search: query }));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="network-title" className="min-w-0">
        <header className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 id="network-title" className="text-2xl font-bold tracking-tight">
              Network
            </h1>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {status === 'succeeded' && pagination.totalUsers > 0
                ? `${pagination.totalUsers} ${pagination.totalUsers === 1 ? 'person' : 'people'}${query ? ` matching “${query}”` : ' on Plaza'}`
                : 'Find people and grow your circle'}
            </p>
          </div>
          <div className="relative sm:w-72">
            <label htmlFor="network-search" className="sr-only">
              Search your network
            </label>
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
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
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-700"
              >
                <X className="h-4 w-4" />
              </button>
            )}
          </div>
        </header>

        <SuggestionsPanel layout="strip" className="mb-6 lg:hidden" />

        {status === 'failed' && users.length === 0 ? (
          <ErrorBanner message={error ?? 'An unknown error occurred.'} onRetry={retry} />
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
              className={`grid gap-4 transition-opacity sm:grid-cols-2 2xl:grid-cols-3 ${status === 'loading' ? 'opacity-60' : ''}`}
              aria-label="People"
            >
              {users.map((user) => (
                <li key={user._id}>
                  <PersonCard user={user} />
                </li>
              ))}
            </ul>
            {moreStatus === 'failed' && (
              <div className="mt-4">
                <ErrorBanner message={error ?? 'An unknown error occurred.'} onRetry={loadMore} />
              </div>
            )}
            {pagination.hasMore && (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" onClick={loadMore} loading={moreStatus === 'loading'}>
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
