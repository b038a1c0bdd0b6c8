/** A paged list of post cards: skeletons on first load, an error with retry, an empty state, infinite scroll. */
import type { Post } from '@plaza/contract';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { PostCard } from './PostCard';
import { PostSkeleton } from './PostSkeleton';
import type { RequestStatus } from './requestStatus';
import { useInfiniteScroll } from './useInfiniteScroll';

export interface PostListProps {
  posts: Post[];
  status: RequestStatus;
  error: string | null;
  /** The page being fetched, if any. */
  loadingPage: number | null;
  hasMore: boolean;
  onLoadMore(): void;
  onRetry(): void;
  empty: ReactNode;
  label: string;
}

export function PostList({ posts, status, error, loadingPage, hasMore, onLoadMore, onRetry, empty, label }: PostListProps) {
  const loadingMore = status === 'loading' && (loadingPage ?? 1) > 1;
  const canLoadMore = hasMore && status !== 'loading' && status !== 'failed';
  const sentinel = useInfiniteScroll<HTMLDivElement>(onLoadMore, canLoadMore);
  const firstLoad = posts.length === 0 && (status === 'idle' || (status === 'loading' && !loadingMore));

  if (firstLoad) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={label}>
        <span className="sr-only" role="status">
          Loading posts
        </span>
        <PostSkeleton />
        <PostSkeleton withImage />
        <PostSkeleton />
      </div>
    );
  }

  return (
    <section aria-label={label} className="space-y-4">
      {status === 'failed' && posts.length === 0 && error && <ErrorBanner message={error} onRetry={onRetry} />}
      {status === 'succeeded' && posts.length === 0 && empty}
      {posts.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
      {loadingMore && <PostSkeleton />}
      {status === 'failed' && posts.length > 0 && error && <ErrorBanner message={error} onRetry={onLoadMore} />}
      <div ref={sentinel} aria-hidden="true" />
      {canLoadMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
      {!hasMore && posts.length > 0 && status === 'succeeded' && (
        <p className="py-4 text-center text-sm text-slate-400 dark:text-slate-500">You're all caught up</p>
      )}
    </section>
  );
}
