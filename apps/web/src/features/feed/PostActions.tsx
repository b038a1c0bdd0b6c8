/** Under a post: the button that opens its comments, with their count, and the one that saves it. */
import type { Post } from '@plaza/contract';
import { Bookmark, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText, wasCanceled } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { FAVORITE_FAILED, useToggleFavoriteMutation } from '../posts';

const actionButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 py-1.5 text-sm sm:min-h-0 sm:min-w-0 font-medium text-slate-600 transition hover:bg-slate-100 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';

export function PostActions({ post, commentsOpen, onToggleComments }: { post: Post; commentsOpen: boolean; onToggleComments: () => void }) {
  const { t } = useTranslation('feed');
  const [toggleFavorite, { isLoading: savingFavorite }] = useToggleFavoriteMutation();

  async function favorite() {
    if (savingFavorite) return;
    const result = await toggleFavorite(post);
    if ('data' in result) toast.success(result.data ? t('post.saved') : t('post.unsaved'));
    else if (!wasCanceled(result.error)) toast.error(errorText(result.error, FAVORITE_FAILED));
  }

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={onToggleComments}
        aria-expanded={commentsOpen}
        // The name starts with what is shown ("2 comments", or "2" on a phone).
        aria-label={t('post.comments', { count: post.commentsCount })}
        className={actionButton}
      >
        <MessageCircle className={`h-4.5 w-4.5 ${commentsOpen ? 'fill-brand-primary/15 text-brand-primary dark:text-indigo-300' : ''}`} />
        <span className="tabular-nums">{post.commentsCount}</span>{' '}
        <span className="hidden sm:inline">{t('post.commentsWord', { count: post.commentsCount })}</span>
      </button>
      <button
        type="button"
        onClick={() => void favorite()}
        aria-busy={savingFavorite || undefined}
        aria-pressed={post.isFavorite}
        aria-label={post.isFavorite ? t('post.unsave') : t('post.save')}
        title={post.isFavorite ? t('post.unsave') : t('post.save')}
        className={`${actionButton} ${post.isFavorite ? 'text-brand-primary dark:text-indigo-300' : ''}`}
      >
        <Bookmark className={`h-4.5 w-4.5 ${post.isFavorite ? 'fill-current' : ''}`} />
      </button>
    </div>
  );
}
