/**
 * Posts on screen stay live while the app is open: counts pushed by the server (`postCounts`) go into
 * every cached copy of the post, and a friend's new post (`newPost`) asks for the feed's newest post at
 * once, so the feed offers "New posts" without waiting for its poll or moving what is being read. A
 * video made playable (`postMedia`) replaces its "Processing video…" placeholder in every copy.
 */
import type { NewPostEvent, PostCountsEvent, PostMediaEvent } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { postsApi } from './api';
import { applyPostCounts, patchPost } from './post-cache';

export function usePostsLive(): void {
  const dispatch = useAppDispatch();
  const userName = useAppSelector((s) => s.auth.userDetails?.userName);
  useSocketEvent('postCounts', (event: PostCountsEvent) => {
    if (dispatch(applyPostCounts(event))) dispatch(plazaApi.util.invalidateTags([{ type: 'Comments', id: event.postId }]));
  });
  useSocketEvent('postMedia', ({ postId, media }: PostMediaEvent) => {
    dispatch(
      patchPost(postId, (post) => {
        post.media = media;
      }),
    );
  });
  useSocketEvent('newPost', (_event: NewPostEvent) => {
    if (userName) void dispatch(postsApi.endpoints.getNewestPost.initiate(userName, { subscribe: false, forceRefetch: true }));
  });
}
