/**
 * "New posts" (product.md § Feed): the posts published since the feed was loaded go on top of it, and
 * every page already read stays below them, so the reader finds their place again further down. Later
 * pages keep the anchor page 1 gave, which stops before the new posts: none repeats.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { postsApi } from './api';
import { addOnTop, postsOf } from './post-pages';

type PostsState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];

/**
 * Puts the feed's new posts on top of `authUser`'s cached feed; answers false when that cannot be done
 * (the request failed, or more came than one page holds, leaving a gap), and the feed should be read afresh.
 */
export const showNewPosts =
  (authUser: string): ThunkAction<Promise<boolean>, PostsState, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    const head = await dispatch(postsApi.endpoints.getFeedHead.initiate(authUser, { subscribe: false, forceRefetch: true }));
    if (!head.data) return false;
    const known = new Set(postsOf(postsApi.endpoints.getFeed.select(authUser)(getState()).data).map((p) => p._id));
    const meeting = head.data.findIndex((p) => known.has(p._id));
    if (meeting < 0) return false;
    const newer = head.data.slice(0, meeting);
    dispatch(
      postsApi.util.updateQueryData('getFeed', authUser, (draft) => {
        for (const post of [...newer].reverse()) addOnTop(draft.pages, post);
      }),
    );
    return true;
  };
