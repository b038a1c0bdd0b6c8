/**
 * A cached list of posts as cards (product.md § Feed): skeletons on first load, an error with retry, an empty
 * state, infinite scroll with "Load more", "You're all caught up" at the end. The home feed's
 * suggested posts (docs/decisions/feed-suggestions.md) come after a "Suggested for you" divider. One card at a time shows
 * its comments: opening another closes the first.
 */
import type { ReactNode } from 'react';
import { Fragment, memo, startTransition, useCallback, useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { errorText } from '../../lib/error-text';
import { useInfiniteScroll } from '../../lib/useInfiniteScroll';
import { postsOf, type PostsPage } from '../posts';
import { PostCard } from './PostCard';
import { PostSkeleton } from './PostSkeleton';

/** Posts rendered in the task that brings a first page (a phone's first screenful); the rest follow once the browser has painted. */
const FIRST_POSTS = 2;

/** What PostList reads of an infinite query's hook result. */
interface PostListQuery {
  data?: { pages: PostsPage[] };
  error?: unknown;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

interface PostListProps {
  query: PostListQuery;
  /** The text (product.md § Error texts) shown when a failure brings none. */
  errorFallback: string;
  empty: ReactNode;
  label: string;
  /** The post whose comments show from the start (a post's own page). */
  commentsOpenAt?: string;
  /** Whether the end of the list says "You're all caught up" (not under a post on its own page). */
  endNote?: boolean;
}

export function PostList({ query, errorFallback, empty, label, commentsOpenAt, endNote = true }: PostListProps) {
  const { data, error, isError, isSuccess, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage } = query;
  const [commentsOpenFor, setCommentsOpenFor] = useState<string | null>(commentsOpenAt ?? null);
  const posts = postsOf(data);
  // A first page that arrives while the list waits is rendered in two tasks (the first posts, then the rest),
  // so a phone never holds its main thread for the whole page; posts already cached (coming back) render at once.
  const [complete, setComplete] = useState(posts.length > 0);
  const pending = !complete && posts.length > FIRST_POSTS;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => startTransition(() => setComplete(true)));
    return () => clearTimeout(timer);
  }, [pending]);
  const shown = pending ? posts.slice(0, FIRST_POSTS) : posts;
  const toggleComments = useCallback((id: string) => setCommentsOpenFor((open) => (open === id ? null : id)), []);
  const canLoadMore = hasNextPage && !isFetching && !isError && !pending;
  const loadMore = () => void query.fetchNextPage();
  const sentinel = useInfiniteScroll<HTMLDivElement>(loadMore, canLoadMore);
  const message = isError ? errorText(error, errorFallback) : null;
  const { t } = useTranslation('feed');

  if (posts.length === 0 && isFetching && !isFetchingNextPage) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={label}>
        <span className="sr-only" role="status">
          {t('list.loading')}
        </span>
        <PostSkeleton />
        <PostSkeleton withImage />
        <PostSkeleton />
      </div>
    );
  }

  return (
    <section aria-label={label} className="space-y-4">
      {message && posts.length === 0 && <ErrorBanner message={message} onRetry={() => void query.refetch()} />}
      {isSuccess && !isFetching && posts.length === 0 && empty}
      {shown.map((post, i) => (
        <Fragment key={post._id}>
          {post.suggested && !posts[i - 1]?.suggested && <SuggestedDivider />}
          <PostRow post={post} priority={i === 0} commentsOpen={commentsOpenFor === post._id} onToggleComments={toggleComments} />
        </Fragment>
      ))}
      {isFetchingNextPage && <PostSkeleton />}
      {message && posts.length > 0 && (
        <ErrorBanner message={message} onRetry={isFetchNextPageError ? loadMore : () => void query.refetch()} />
      )}
      <div ref={sentinel} aria-hidden="true" />
      {canLoadMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={loadMore}>
            {t('list.loadMore')}
          </Button>
        </div>
      )}
      {endNote && !hasNextPage && posts.length > 0 && isSuccess && !isFetching && !pending && (
        <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">{t('list.caughtUp')}</p>
      )}
    </section>
  );
}

interface PostRowProps {
  post: PostsPage['posts'][number];
  priority: boolean;
  commentsOpen: boolean;
  onToggleComments: (id: string) => void;
}

/** A card that renders again only when its own post (or whether its comments are open) changes, not at each page or refresh. */
const PostRow = memo(function PostRow({ post, priority, commentsOpen, onToggleComments }: PostRowProps) {
  return <PostCard post={post} priority={priority} commentsOpen={commentsOpen} onToggleComments={() => onToggleComments(post._id)} />;
});

/** Marks where the home feed moves from your and your friends' posts to suggested ones. */
function SuggestedDivider() {
  const { t } = useTranslation('feed');
  return (
    <div role="separator" aria-label={t('list.suggested')} className="flex items-center gap-3 pt-2">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 dark:text-slate-300">
        <Sparkles className="h-4 w-4 text-brand-primary" aria-hidden="true" /> {t('list.suggested')}
      </span>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}
