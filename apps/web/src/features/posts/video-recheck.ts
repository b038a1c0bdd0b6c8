/**
 * Readers who are not the author's friends are not told when a post's video is ready (socket `postMedia`
 * goes to the author and their friends; who else has the post on screen is not known to the server). While
 * a post on screen still shows "Processing video…", it is read again a few times, spaced out, and its
 * media written into every cached copy: a handful of small requests per processing video, and none once
 * it plays (or when the socket said so first). Past the last, the reader's next load shows it.
 */
import type { PostMedia } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { postsApi } from './api';
import { patchPost } from './post-cache';

/** After these waits from when the post showed processing. Encodes take seconds; a busy worker, longer. */
export const RECHECK_AFTER_MS = [15_000, 45_000, 120_000];

const recheckMedia =
  (postId: string): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> =>
  async (dispatch) => {
    const result = await dispatch(postsApi.endpoints.getPost.initiate(postId, { subscribe: false, forceRefetch: true }));
    const media = result.data?.pages[0]?.posts[0]?.media;
    if (!media || media.some((m) => m.status === 'processing')) return;
    dispatch(
      patchPost(postId, (post) => {
        post.media = media;
      }),
    );
  };

/** `told`: the reader hears of this post's video live anyway (its author). */
export function useVideoRecheck(postId: string, media: readonly PostMedia[], told: boolean): void {
  const dispatch = useAppDispatch();
  const processing = !told && media.some((m) => m.status === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timers = RECHECK_AFTER_MS.map((ms) => setTimeout(() => void dispatch(recheckMedia(postId)), ms));
    return () => timers.forEach(clearTimeout);
  }, [dispatch, postId, processing]);
}
