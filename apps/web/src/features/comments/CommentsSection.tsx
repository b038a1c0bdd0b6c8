/** The comments under an opened post: the form, newest first, and "Load more". */
import type { Post } from '@plaza/contract';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { errorText } from '../../lib/error-text';
import { FETCH_COMMENTS_FAILED, useGetCommentsInfiniteQuery } from './api';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { commentsOf, totalOf } from './comment-pages';
import { useTranslation } from 'react-i18next';

function CommentSkeleton() {
  return (
    <li className="flex animate-pulse gap-2.5" aria-hidden="true">
      <div className="h-9 w-9 shrink-0 rounded-full skeleton" />
      <div className="h-14 w-2/3 rounded-2xl skeleton" />
    </li>
  );
}

export function CommentsSection({ post }: { post: Post }) {
  const { t } = useTranslation('posts');
  // Opening the comments always reads them afresh (product.md § Comments).
  const { data, error, isError, isSuccess, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } =
    useGetCommentsInfiniteQuery(post._id, { refetchOnMountOrArgChange: true });
  const comments = commentsOf(data);
  const firstLoad = isFetching && !isFetchingNextPage && comments.length === 0;
  const retry = () => void (isFetchNextPageError ? fetchNextPage() : refetch());

  return (
    <section aria-label={t('comments.section')} className="space-y-3 border-t border-slate-100 px-4 pt-3 pb-4 dark:border-slate-700/70">
      <CommentForm postId={post._id} />
      {isError && <ErrorBanner message={errorText(error, FETCH_COMMENTS_FAILED)} onRetry={retry} />}
      <ul className="space-y-3" aria-busy={isFetching}>
        {firstLoad ? (
          <>
            <CommentSkeleton />
            <CommentSkeleton />
          </>
        ) : (
          comments.map((c) => <CommentItem key={c._id} comment={c} postAuthorId={post.author._id} />)
        )}
      </ul>
      {isSuccess && !isFetching && comments.length === 0 && (
        <p className="py-2 text-center text-sm text-slate-500 dark:text-slate-400">{t('comments.none')}</p>
      )}
      {hasNextPage && !isError && (
        <Button variant="ghost" size="sm" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} className="w-full">
          {isFetchingNextPage ? t('comments.loading') : t('comments.more', { count: Math.max(0, totalOf(data) - comments.length) })}
        </Button>
      )}
    </section>
  );
}
