/**
 * One copy of a post's state: each change to a post (a reaction, a bookmark, a comment count, a new or
 * deleted post) is written into every cached list that shows it, and can be undone as one.
 */
import { hashtagsOf, type Post, type PostCountsEvent } from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { withEarlyCard } from '../../lib/early-cards';
import { postsApi } from './api';
import { addOnTop, changePost, holdsPost, removeFromPages, type PostsPage } from './post-pages';

type PostsState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];
type PostThunk<R> = ThunkAction<R, PostsState, unknown, UnknownAction>;
type PagesChange = (pages: PostsPage[]) => void;

/** Takes back a change made to every cached copy of a post. */
interface PostPatch {
  undo(): void;
}

interface CachedList {
  kind: 'feed' | 'userPosts' | 'favorites' | 'tagPosts' | 'post';
  /** For a profile's list: whose posts. */
  userName?: string;
  /** For a tag's list: which tag. */
  tag?: string;
  pages: PostsPage[] | undefined;
  update(change: PagesChange): PostThunk<PostPatch>;
}

function cachedLists(state: PostsState): CachedList[] {
  const { util, endpoints } = postsApi;
  return [
    ...util.selectCachedArgsForQuery(state, 'getFeed').map((arg): CachedList => ({
      kind: 'feed',
      pages: endpoints.getFeed.select(arg)(state).data?.pages,
      update: (change) => util.updateQueryData('getFeed', arg, (draft) => change(draft.pages)),
    })),
    ...util.selectCachedArgsForQuery(state, 'getUserPosts').map((arg): CachedList => ({
      kind: 'userPosts',
      userName: arg.userName,
      pages: endpoints.getUserPosts.select(arg)(state).data?.pages,
      update: (change) => util.updateQueryData('getUserPosts', arg, (draft) => change(draft.pages)),
    })),
    ...util.selectCachedArgsForQuery(state, 'getFavorites').map((arg): CachedList => ({
      kind: 'favorites',
      pages: endpoints.getFavorites.select(arg)(state).data?.pages,
      update: (change) => util.updateQueryData('getFavorites', arg, (draft) => change(draft.pages)),
    })),
    ...util.selectCachedArgsForQuery(state, 'getTagPosts').map((tag): CachedList => ({
      kind: 'tagPosts',
      tag,
      pages: endpoints.getTagPosts.select(tag)(state).data?.pages,
      update: (change) => util.updateQueryData('getTagPosts', tag, (draft) => change(draft.pages)),
    })),
    ...util.selectCachedArgsForQuery(state, 'getPost').map((postId): CachedList => ({
      kind: 'post',
      pages: endpoints.getPost.select(postId)(state).data?.pages,
      update: (change) => util.updateQueryData('getPost', postId, (draft) => change(draft.pages)),
    })),
  ];
}

const together = (patches: PostPatch[]): PostPatch => ({ undo: () => patches.forEach((p) => p.undo()) });

/** Changes the post in every cached list that holds it. */
export const patchPost =
  (postId: string, change: (post: Post) => void): PostThunk<PostPatch> =>
  (dispatch, getState) =>
    together(
      cachedLists(getState())
        .filter((list) => holdsPost(list, postId))
        .map((list) => dispatch(list.update((pages) => changePost(pages, postId, change)))),
    );

/** The latest cached copy of a post, wherever it is. */
const findCachedPost = (state: PostsState, postId: string): Post | undefined => {
  for (const list of cachedLists(state)) {
    const found = list.pages?.flatMap((page) => page.posts).find((p) => p._id === postId);
    if (found) return found;
  }
  return undefined;
};

const sameName = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** A post just published goes on top of the feed, of its author's profile list and of the lists of its tags. */
export const addPublishedPost =
  (published: Post): PostThunk<void> =>
  (dispatch, getState) => {
    const post = withEarlyCard('post', published);
    const tags = hashtagsOf(post.content);
    for (const list of cachedLists(getState())) {
      if (
        list.kind === 'feed' ||
        (list.kind === 'userPosts' && sameName(list.userName, post.author.userName)) ||
        (list.kind === 'tagPosts' && list.tag !== undefined && tags.includes(list.tag))
      ) {
        dispatch(list.update((pages) => addOnTop(pages, post)));
      }
    }
  };

/** A deleted post leaves every list; if it was the newest one, "New posts" must not offer it. */
export const removeDeletedPost =
  (postId: string): PostThunk<void> =>
  (dispatch, getState) => {
    const state = getState();
    for (const list of cachedLists(state)) {
      if (holdsPost(list, postId)) dispatch(list.update((pages) => removeFromPages(pages, postId)));
    }
    for (const authUser of postsApi.util.selectCachedArgsForQuery(state, 'getNewestPost')) {
      dispatch(postsApi.util.updateQueryData('getNewestPost', authUser, (newest) => (newest?._id === postId ? null : newest)));
    }
  };

/** The server settled a bookmark: every copy shows it, and the saved-posts list gains or loses the post. */
export const settleFavorite =
  (post: Post, isFavorite: boolean): PostThunk<void> =>
  (dispatch, getState) => {
    dispatch(
      patchPost(post._id, (p) => {
        p.isFavorite = isFavorite;
      }),
    );
    const latest = findCachedPost(getState(), post._id) ?? post;
    for (const list of cachedLists(getState())) {
      if (list.kind !== 'favorites') continue;
      dispatch(list.update((pages) => (isFavorite ? addOnTop(pages, { ...latest, isFavorite }) : removeFromPages(pages, post._id))));
    }
  };

/**
 * Counts pushed by the server (someone reacted or commented) replace the cached ones on every copy of
 * the post; answers whether its comment count moved, so open comments can load what came.
 */
export const applyPostCounts =
  ({ postId, reactionCounts, commentsCount }: PostCountsEvent): PostThunk<boolean> =>
  (dispatch, getState) => {
    const before = findCachedPost(getState(), postId);
    if (!before) return false;
    dispatch(
      patchPost(postId, (p) => {
        p.reactionCounts = reactionCounts;
        p.totalReactions = Object.values(reactionCounts).reduce((sum, n) => sum + n, 0);
        p.commentsCount = commentsCount;
      }),
    );
    return before.commentsCount !== commentsCount;
  };
