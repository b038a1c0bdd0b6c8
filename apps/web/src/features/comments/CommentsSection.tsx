/** The comments under the selected post: the form, newest first, and "Load more". */
import type { Post } from '@plaza/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { fetchComments } from './commentsSlice';

function CommentSkeleton() {
  return (
    <li className="flex animate-pulse gap-2.5" aria-hidden="true">
      <div className="h-9 w-9 shrink-0 rounded-full skeleton" />
      <div className="h-14 w-2/3 rounded-2xl skeleton" />
    </li>
  );
}

export function CommentsSection({ post }: { post: Post }) {
  const dispatch = useAppDispatch();
  const { postId, comments, pagination, status, error } = useAppSelector((s) => s.comments);
  if (postId !== post._id) return null;
  const firstLoad = (status === 'loading' || status === 'idle') && comments.length === 0;
  const more = pagination.page > 0 && pagination.page < pagination.totalPages;
  const load = (page: number) => void dispatch(fetchComments({ postId: post._id, page }));

  return (
    <section aria-label="Comments" className="space-y-3 border-t border-slate-100 px-4 pt-3 pb-4 dark:border-slate-700/70">
      <CommentForm postId={post._id} />
      {status === 'failed' && (
        <ErrorBanner message={error ?? 'Failed to fetch comments'} onRetry={() => load(comments.length ? pagination.page + 1 : 1)} />
      )}
      <ul className="space-y-3" aria-busy={status === 'loading' || status === 'loadingMore'}>
        {firstLoad ? (
          <>
            <CommentSkeleton />
            <CommentSkeleton />
          </>
        ) : (
          comments.map((c) => <CommentItem key={c._id} comment={c} postAuthorId={post.author._id} />)
        )}
      </ul>
      {status === 'succeeded' && comments.length === 0 && (
        <p className="py-2 text-center text-sm text-slate-500 dark:text-slate-400">No comments yet. Be the first to comment.</p>
      )}
      {more && (
        <Button variant="ghost" size="sm" loading={status === 'loadingMore'} onClick={() => load(pagination.page + 1)} className="w-full">
          {status === 'loadingMore' ? 'Loading comments…' : `Load more comments (${Math.max(0, pagination.total - comments.length)})`}
        </Button>
      )}
    </section>
  );
}
