/** One post: author and time, text with safe links, images, reactions, comments, save and delete. */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Post } from '@plaza/contract';
import { Bookmark, MessageCircle, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { CommentsSection } from '../comments/CommentsSection';
import { fetchComments, selectPost } from '../comments/commentsSlice';
import { ReactionBar } from '../reactions/ReactionBar';
import { WhoReacted } from '../reactions/WhoReacted';
import { ConfirmDialog } from './ConfirmDialog';
import { errorText, wasCanceled } from './errorText';
import { ImageGrid } from './ImageGrid';
import { DELETE_POST_FAILED, deletePost, FAVORITE_FAILED, toggleFavorite } from './postActions';
import { PostText } from './PostText';
import { profilePath } from './profilePath';
import { exactTime, relativeTime } from './relativeTime';

const actionButton =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800';

export function PostCard({ post }: { post: Post }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.auth.userDetails);
  const commentsOpen = useAppSelector((s) => s.comments.postId === post._id);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [savingFavorite, setSavingFavorite] = useState(false);
  const { author } = post;
  const mine = me?._id === author._id;
  const link = profilePath(me?.userName ?? '', author.userName);
  const titleId = `post-${post._id}-author`;

  function toggleComments() {
    if (commentsOpen) {
      dispatch(selectPost(null));
      return;
    }
    dispatch(selectPost(post._id));
    void dispatch(fetchComments({ postId: post._id, page: 1 }));
  }

  async function favorite() {
    setSavingFavorite(true);
    const result = await dispatch(toggleFavorite({ post }));
    setSavingFavorite(false);
    if (toggleFavorite.fulfilled.match(result)) toast.success(result.payload.isFavorite ? 'Saved to favorites' : 'Removed from favorites');
    else if (!wasCanceled(result.payload)) toast.error(errorText(result.payload, FAVORITE_FAILED));
  }

  async function remove() {
    setDeleting(true);
    const result = await dispatch(deletePost({ postId: post._id }));
    if (deletePost.rejected.match(result)) {
      setDeleting(false);
      toast.error(errorText(result.payload, DELETE_POST_FAILED));
    } else {
      toast.success('Post deleted');
    }
  }

  return (
    <article aria-labelledby={titleId} className="card overflow-hidden">
      <header className="flex items-start gap-3 px-4 pt-4">
        <Link to={link} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar name={author.fullName} src={author.userImage} size="md" />
        </Link>
        <div className="min-w-0 flex-1">
          <Link id={titleId} to={link} className="block truncate font-semibold hover:underline">
            {author.fullName}
          </Link>
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            <span className="truncate">@{author.userName}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.createdAt} title={exactTime(post.createdAt)} className="shrink-0">
              {relativeTime(post.createdAt)}
            </time>
          </p>
        </div>
        {mine && (
          <Menu as="div" className="relative -mt-1 -mr-2">
            <MenuButton
              aria-label="Post options"
              className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              <MoreHorizontal className="h-5 w-5" />
            </MenuButton>
            <MenuItems anchor="bottom end" className="card z-40 mt-1 w-44 p-1.5 focus:outline-none">
              <MenuItem>
                <button
                  onClick={() => setConfirming(true)}
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-rose-600 data-focus:bg-slate-100 dark:text-rose-400 dark:data-focus:bg-slate-700"
                >
                  <Trash2 className="h-4 w-4" /> Delete post
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        )}
      </header>

      {post.content && <PostText text={post.content} className="px-4 pt-3 text-[15px] leading-relaxed" />}
      {post.media.length > 0 && (
        <div className="mt-3">
          <ImageGrid media={post.media} authorName={author.fullName} />
        </div>
      )}

      <div className="space-y-2 px-4 pt-3 pb-3">
        <ReactionBar post={post} />
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2 dark:border-slate-700/70">
          <WhoReacted post={post} />
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={toggleComments}
              aria-expanded={commentsOpen}
              aria-label={`Comments (${post.commentsCount})`}
              className={actionButton}
            >
              <MessageCircle
                className={`h-4.5 w-4.5 ${commentsOpen ? 'fill-brand-primary/15 text-brand-primary dark:text-indigo-300' : ''}`}
              />
              <span className="tabular-nums">{post.commentsCount}</span>
              <span className="hidden sm:inline">{post.commentsCount === 1 ? 'comment' : 'comments'}</span>
            </button>
            <button
              type="button"
              onClick={() => void favorite()}
              disabled={savingFavorite}
              aria-pressed={post.isFavorite}
              aria-label={post.isFavorite ? 'Remove from saved' : 'Save post'}
              title={post.isFavorite ? 'Remove from saved' : 'Save post'}
              className={`${actionButton} ${post.isFavorite ? 'text-brand-primary dark:text-indigo-300' : ''}`}
            >
              <Bookmark className={`h-4.5 w-4.5 ${post.isFavorite ? 'fill-current' : ''}`} />
            </button>
          </div>
        </div>
      </div>

      {commentsOpen && <CommentsSection post={post} />}

      <ConfirmDialog
        open={confirming}
        title="Delete post?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        This post, its reactions and comments will be removed for everyone.
      </ConfirmDialog>
    </article>
  );
}
