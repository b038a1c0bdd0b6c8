/** One comment: author, text, time, like toggle, and delete for its author or the post's author. */
import type { Comment } from '@plaza/contract';
import { Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PostText } from '../../components/PostText';
import { compactAge, exactTime } from '../../lib/dates';
import { errorText, wasCanceled } from '../../lib/error-text';
import { profilePath } from '../../lib/profile-path';
import { LinkPreviewCard } from '../link-previews';
import { SafetyMenu } from '../safety';
import { DELETE_COMMENT_FAILED, LIKE_COMMENT_FAILED, useDeleteCommentMutation, useLikeCommentMutation } from './api';
import { useTranslation } from 'react-i18next';

export function CommentItem({ comment, postAuthorId }: { comment: Comment; postAuthorId: string }) {
  const { t } = useTranslation('posts');
  const me = useAppSelector((s) => s.auth.userDetails);
  const [likeComment, { isLoading: liking }] = useLikeCommentMutation();
  const [deleteComment, { isLoading: deleting }] = useDeleteCommentMutation();
  const busy = liking || deleting;
  const [confirming, setConfirming] = useState(false);
  const liked = !!me && comment.commentLikes.includes(me._id);
  const likes = comment.commentLikes.length;
  const canDelete = !!me && (comment.commentAuthor._id === me._id || postAuthorId === me._id);
  const author = comment.commentAuthor;
  const link = profilePath(me?.userName ?? '', author.userName);

  async function like() {
    // Busy, not disabled: keyboard focus stays on the button while the like is saved.
    if (busy) return;
    if (!me) return;
    const result = await likeComment({ commentId: comment._id, postId: comment.postId, userId: me._id, liked });
    if ('error' in result && !wasCanceled(result.error)) toast.error(errorText(result.error, LIKE_COMMENT_FAILED));
  }

  async function remove() {
    const result = await deleteComment({ commentId: comment._id, postId: comment.postId });
    if ('error' in result) toast.error(errorText(result.error, DELETE_COMMENT_FAILED));
    else setConfirming(false);
  }

  return (
    <li className="flex gap-2.5">
      {/* The name beside it is the link: a second one here would be a narrow target for a finger. */}
      <Avatar name={author.fullName} id={author._id} src={author.userImage} size="sm" decorative />
      <div className="min-w-0 flex-1">
        <div className="inline-block max-w-full rounded-2xl bg-slate-100 px-3.5 py-2 dark:bg-slate-700/50">
          <Link to={link} className="text-sm font-semibold hover:underline">
            {author.fullName}
          </Link>
          <PostText text={comment.commentContent} mentions={comment.mentions} className="text-sm text-slate-800 dark:text-slate-200" />
          {comment.linkPreview && <LinkPreviewCard preview={comment.linkPreview} compact className="my-1.5 w-72 max-w-full" />}
        </div>
        <div className="mt-0.5 flex items-center gap-1 px-2 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={comment.createdAt} title={exactTime(comment.createdAt)}>
            {compactAge(comment.createdAt)}
          </time>
          <span aria-hidden="true">·</span>
          <button
            type="button"
            onClick={() => void like()}
            aria-busy={liking || undefined}
            aria-pressed={liked}
            aria-label={t(liked ? 'comments.unlike' : 'comments.like', { likes })}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-1.5 py-0.5 font-semibold sm:min-h-0 sm:min-w-0 hover:bg-slate-100 aria-busy:opacity-60 dark:hover:bg-slate-700/60 ${liked ? 'text-rose-600 dark:text-rose-400' : ''}`}
          >
            <Heart className={`h-3.5 w-3.5 ${liked ? 'fill-current' : ''}`} />
            {likes > 0 && <span className="tabular-nums">{likes}</span>}
          </button>
          {canDelete && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={busy}
              aria-label={t('comments.delete')}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full p-1 sm:min-h-0 sm:min-w-0 hover:bg-slate-100 hover:text-rose-600 disabled:opacity-60 dark:hover:bg-slate-700/60"
            >
              <Trash2 className="h-3.5 w-3.5" />
            </button>
          )}
          {!!me && author._id !== me._id && (
            <SafetyMenu person={author} target={{ type: 'comment', id: comment._id }} label={t('comments.options')} />
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('comments.deleteTitle')}
        confirmLabel={t('comments.deleteConfirm')}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        {t('comments.deleteText')}
      </ConfirmDialog>
    </li>
  );
}
