/** One post: author and time, text with safe links, images, reactions, comments, save and delete. */
import type { Post } from '@plaza/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PostText } from '../../components/PostText';
import { errorText } from '../../lib/error-text';
import { CommentsSection } from '../comments';
import { LinkPreviewCard } from '../link-previews';
import { DELETE_POST_FAILED, EditPostForm, PostMediaView, useDeletePostMutation, useVideoRecheck } from '../posts';
import { ReactionBar, WhoReacted } from '../reactions';
import { PostActions } from './PostActions';
import { PostHeader } from './PostHeader';
import { useTranslation } from 'react-i18next';

interface PostCardProps {
  post: Post;
  commentsOpen: boolean;
  onToggleComments: () => void;
  /** The first post on the screen: its images load at once, not lazily. */
  priority?: boolean;
}

export function PostCard({ post, commentsOpen, onToggleComments, priority = false }: PostCardProps) {
  const { t } = useTranslation('feed');
  const me = useAppSelector((s) => s.auth.userDetails);
  const [deletePost, { isLoading: deleting }] = useDeletePostMutation();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const { author } = post;
  const mine = me?._id === author._id;
  // The author is told live when the video is ready; anyone else may not be (posts/video-recheck.ts).
  useVideoRecheck(post._id, post.media, mine);
  const titleId = `post-${post._id}-author`;

  async function remove() {
    const result = await deletePost(post._id);
    if ('error' in result) toast.error(errorText(result.error, DELETE_POST_FAILED));
    else toast.success(t('post.deleted'));
  }

  return (
    <article aria-labelledby={titleId} className="card overflow-hidden">
      <PostHeader
        post={post}
        mine={mine}
        viewerName={me?.userName ?? ''}
        titleId={titleId}
        onEdit={() => setEditing(true)}
        onDelete={() => setConfirming(true)}
      />

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
          <PostActions post={post} commentsOpen={commentsOpen} onToggleComments={onToggleComments} />
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
