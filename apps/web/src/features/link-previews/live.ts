/** Cards that arrive after their text (socket `linkPreview`) go into every cached copy of the post, comment or message. */
import type { LinkPreviewEvent } from '@plaza/contract';
import { useAppDispatch } from '../../app/hooks';
import { holdEarlyCard } from '../../lib/early-cards';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { applyMessageLinkPreview } from '../chat';
import { applyCommentLinkPreview } from '../comments';
import { patchPost } from '../posts';

export function useLinkPreviewsLive(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('linkPreview', ({ targetType, targetId, linkPreview }: LinkPreviewEvent) => {
    // It may have overtaken the answer that brings its item into the cache: kept for that answer too.
    holdEarlyCard(targetType, targetId, linkPreview);
    if (targetType === 'post')
      dispatch(
        patchPost(targetId, (post) => {
          post.linkPreview = linkPreview;
        }),
      );
    else if (targetType === 'comment') dispatch(applyCommentLinkPreview(targetId, linkPreview));
    else dispatch(applyMessageLinkPreview(targetId, linkPreview));
  });
}
