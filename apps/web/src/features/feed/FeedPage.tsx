/** The home feed (/feeds): stories, the composer and the posts of you and your friends; suggestions beside on wide screens. */
import { ArrowUp, Newspaper, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { Composer } from '../posts/Composer';
import { PostList } from '../posts/PostList';
import { StoriesBar } from '../stories/StoriesBar';
import { SuggestionsPanel } from '../suggestions/SuggestionsPanel';
import { checkNewPosts, fetchFeeds } from './feedSlice';

/** How often an open feed asks whether something newer was posted. */
const NEW_POSTS_CHECK_MS = 60_000;

export default function FeedPage() {
  const dispatch = useAppDispatch();
  const { feeds, status, error, hasMore, currentPage, loadingPage, newPostsAvailable } = useAppSelector((s) => s.feed);
  const refreshing = status === 'loading' && loadingPage === 1 && feeds.length > 0;

  const refresh = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void dispatch(fetchFeeds({ page: 1 }));
  }, [dispatch]);

  // The status the page opened with: later changes must not restart the timer below.
  const openedWith = useRef(status);
  useEffect(() => {
    // Coming back to the page keeps what was read; a first visit loads page 1.
    if (openedWith.current === 'idle') void dispatch(fetchFeeds({ page: 1 }));
    else void dispatch(checkNewPosts());
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void dispatch(checkNewPosts());
    }, NEW_POSTS_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [dispatch]);

  return (
    <div className="mx-auto flex max-w-[1000px] justify-center gap-6">
      <div className="w-full max-w-[640px] min-w-0 space-y-4">
        <StoriesBar />

        <div className="flex items-center justify-between">
          <h1 className="text-xl font-bold">Home</h1>
          <button
            type="button"
            onClick={refresh}
            disabled={status === 'loading'}
            aria-label="Refresh feed"
            title="Refresh feed"
            className="rounded-full p-2 text-slate-500 transition hover:bg-slate-100 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <RefreshCw className={`h-5 w-5 ${refreshing ? 'animate-spin' : ''}`} />
          </button>
        </div>

        {newPostsAvailable && (
          <div className="sticky top-20 z-20 flex justify-center">
            <button
              type="button"
              onClick={refresh}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-primary px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-brand-primary/30 transition hover:bg-brand-primary-hover"
            >
              <ArrowUp className="h-4 w-4" /> New posts
            </button>
          </div>
        )}

        <Composer />

        <PostList
          label="Feed"
          posts={feeds}
          status={status}
          error={error}
          loadingPage={loadingPage}
          hasMore={hasMore}
          onLoadMore={() => void dispatch(fetchFeeds({ page: currentPage + 1 }))}
          onRetry={() => void dispatch(fetchFeeds({ page: 1 }))}
          empty={
            <EmptyState icon={<Newspaper className="h-7 w-7" />} title="Your feed is empty">
              Share your first post above, or add friends from the network to see what they post.
            </EmptyState>
          }
        />
      </div>

      <aside aria-label="Suggestions" className="hidden w-80 shrink-0 xl:block">
        <div className="sticky top-20">
          <SuggestionsPanel />
        </div>
      </aside>
    </div>
  );
}
