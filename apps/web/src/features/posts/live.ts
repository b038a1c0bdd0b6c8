/**
 * Posts on screen stay live while the app is open: counts pushed by the server (`postCounts`) go into
 * every cached copy of the post, and a friend's new post (`newPost`) asks for the feed's newest post at
 * once, so the feed offers "New posts" without waiting for its poll or moving what is being read.
 */
import type { NewPostEvent, PostCountsEvent } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { postsApi } from './api';
import { applyPostCounts } from './post-cache';

export function usePostsLive(): void {
  const dispatch = useAppDispatch();
  const userName = useAppSelector((s) => s.auth.userDetails?.userName);
  useSocketEvent('postCounts', (event: PostCountsEvent) => {
    if (dispatch(applyPostCounts(event))) dispatch(plazaApi.util.invalidateTags([{ type: 'Comments', id: event.postId }]));
  });
  useSocketEvent('newPost', (_event: NewPostEvent) => {
    if (userName) void dispatch(postsApi.endpoints.getNewestPost.initiate(userName, { subscribe: false, forceRefetch: true }));
  });
}
