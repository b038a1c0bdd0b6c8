/** One post: author and time, text with safe links, images, reactions, comments, save and delete. */
import { Menu, MenuButton, MenuItem, MenuItems } from '../../components/Menu';
import type { Post } from '@plaza/contract';
import { Bookmark, MessageCircle, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
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
import { CommentsSection } from '../comments';
import { LinkPreviewCard } from '../link-previews';
import {
  DELETE_POST_FAILED,
  EditPostForm,
  FAVORITE_FAILED,
  PostMediaView,
  useDeletePostMutation,
  useToggleFavoriteMutation,
  useVideoRecheck,
} from '../posts';
import { ReactionBar, WhoReacted } from '../reactions';
import { SafetyMenu } from '../safety';
import { useTranslation } from 'react-i18next';

const actionButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 py-1.5 text-sm sm:min-h-0 sm:min-w-0 font-medium text-slate-600 transition hover:bg-slate-100 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';

interface PostCardProps {
  post: Post;
  commentsOpen: boolean;
  onToggleComments: () => void;
  /** The first post on the screen: its images load at once, not lazily. */
  priority?: boolean;
}

// Long: kept whole on purpose: split into parts, the feed's first load grew past its JavaScript budget (js-budget.spec.ts).
export function PostCard({ post, commentsOpen, onToggleComments, priority = false }: PostCardProps) {
  const { t } = useTranslation('feed');
  const me = useAppSelector((s) => s.auth.userDetails);
  const [toggleFavorite, { isLoading: savingFavorite }] = useToggleFavoriteMutation();
  const [deletePost, { isLoading: deleting }] = useDeletePostMutation();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const { author } = post;
  const mine = me?._id === author._id;
  // The author is told live when the video is ready; anyone else may not be (posts/video-recheck.ts).
  useVideoRecheck(post._id, post.media, mine);
  const link = profilePath(me?.userName ?? '', author.userName);
  const titleId = `post-${post._id}-author`;

  async function favorite() {
    if (savingFavorite) return;
    const result = await toggleFavorite(post);
    if ('data' in result) toast.success(result.data ? t('post.saved') : t('post.unsaved'));
    else if (!wasCanceled(result.error)) toast.error(errorText(result.error, FAVORITE_FAILED));
  }

  async function remove() {
    const result = await deletePost(post._id);
    if ('error' in result) toast.error(errorText(result.error, DELETE_POST_FAILED));
    else toast.success(t('post.deleted'));
  }

  return (
    <article aria-labelledby={titleId} className="card overflow-hidden">
      <header className="flex items-start gap-3 px-4 pt-4">
        <Link to={link} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar name={author.fullName} id={author._id} src={author.userImage} size="md" />
        </Link>
        <div className="min-w-0 flex-1">
          <Link id={titleId} to={link} className="block truncate font-semibold hover:underline">
            {author.fullName}
          </Link>
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            <span className="truncate">@{author.userName}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.createdAt} title={exactTime(post.createdAt)} className="shrink-0">
              {compactAge(post.createdAt)}
            </time>
            {post.editedAt && (
              <>
                <span aria-hidden="true">·</span>
                <span className="shrink-0" title={t('post.editedAt', { time: exactTime(post.editedAt) })}>
                  {t('post.edited')} <time dateTime={post.editedAt}>{compactAge(post.editedAt)}</time>
                </span>
              </>
            )}
          </p>
        </div>
        {mine && (
          <Menu className="relative -mt-1 -me-2">
            <MenuButton
              aria-label={t('post.options')}
              className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              <MoreHorizontal className="h-5 w-5" />
            </MenuButton>
            <MenuItems className="card z-40 mt-1 w-44 p-1.5 focus:outline-none">
              <MenuItem>
                <button
                  onClick={() => setEditing(true)}
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700"
                >
                  <Pencil className="h-4 w-4" /> {t('post.edit')}
                </button>
              </MenuItem>
              <MenuItem>
                <button
                  onClick={() => setConfirming(true)}
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-rose-600 data-focus:bg-slate-100 dark:text-rose-400 dark:data-focus:bg-slate-700"
                >
                  <Trash2 className="h-4 w-4" /> {t('post.delete')}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        )}
        {!mine && (
          <div className="-mt-1 -me-2">
            <SafetyMenu person={author} target={{ type: 'post', id: post._id }} label={t('post.options')} />
          </div>
        )}
      </header>

      {editing && <EditPostForm post={post} onDone={() => setEditing(false)} />}
      {!editing && post.content && (
        <PostText text={post.content} mentions={post.mentions} className="px-4 pt-3 text-[15px] leading-relaxed" />
      )}
      {!editing && post.media.length > 0 && (
        <div className="mt-3">
          <PostMediaView media={post.media} authorName={author.fullName} priority={priority} />
        </div>
      )}
      {/* A post's own images come first: with them, its link stays a link in the text. */}
      {!editing && post.linkPreview && post.media.length === 0 && <LinkPreviewCard preview={post.linkPreview} className="mx-4 mt-3" />}

      <div className="space-y-2 px-4 pt-3 pb-3">
        <ReactionBar post={post} />
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2 dark:border-slate-700/70">
          <WhoReacted post={post} />
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={onToggleComments}
              aria-expanded={commentsOpen}
              // The name starts with what is shown ("2 comments", or "2" on a phone).
              aria-label={t('post.comments', { count: post.commentsCount })}
              className={actionButton}
            >
              <MessageCircle
                className={`h-4.5 w-4.5 ${commentsOpen ? 'fill-brand-primary/15 text-brand-primary dark:text-indigo-300' : ''}`}
              />
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
        </div>
      </div>

      {commentsOpen && <CommentsSection post={post} />}

      {confirming && (
        <ConfirmDialog
          open
          title={t('post.deleteTitle')}
          confirmLabel={t('post.deleteConfirm')}
          busy={deleting}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        >
          {t('post.deleteText')}
        </ConfirmDialog>
      )}
    </article>
  );
}
