import type { ReactionsResponse } from '@plaza/contract';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import axios, { AxiosError, AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postsApi } from '../../api/posts';
import feedReducer, { fetchFeeds } from '../feed/feedSlice';
import { buildPost, buildUser } from '../posts/test-factories';
import reactionsReducer, { addReaction, fetchReactions, REACT_FAILED, removeReaction } from './reactionsSlice';

vi.mock('../../api/posts', () => ({ postsApi: { react: vi.fn(), reactions: vi.fn(), feed: vi.fn() } }));
const api = vi.mocked(postsApi);

const rootReducer = combineReducers({
  reactions: reactionsReducer,
  feed: feedReducer,
  auth: (s: { userDetails: { userName: string } | null } = { userDetails: { userName: 'me' } }) => s,
});
const makeStore = () => configureStore({ reducer: rootReducer });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const post = buildPost({ reactionCounts: { heart: 2, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 }, totalReactions: 2 });
const seed = { reactionCounts: post.reactionCounts, totalReactions: post.totalReactions, currentUserReactions: post.currentUserReactions };
const me = buildUser({ _id: 'me-id', userName: 'me' });

function serverSet(heart: number, fire: number, mine: ReactionsResponse['currentUserReactions']): ReactionsResponse {
  const group = (count: number) => ({ count, users: count ? [me] : [] });
  return {
    success: true,
    reactions: { heart: group(heart), fire: group(fire), thumbsUp: group(0), smile: group(0), celebrate: group(0), clap: group(0) },
    totalReactions: heart + fire,
    currentUserReactions: mine,
  };
}

describe('reactions slice', () => {
  beforeEach(() => vi.resetAllMocks());

  it('adds a reaction at once, then refetches the post reactions after the server agrees', async () => {
    const store = makeStore();
    const call = deferred<Awaited<ReturnType<typeof postsApi.react>>>();
    api.react.mockReturnValue(call.promise);
    api.reactions.mockResolvedValue(serverSet(3, 0, ['heart']));

    const done = store.dispatch(addReaction({ postId: post._id, reactionType: 'heart', seed }));
    const optimistic = store.getState().reactions.byPostId[post._id];
    expect(optimistic.heart.count).toBe(3);
    expect(optimistic.currentUserReactions).toEqual(['heart']);
    expect(optimistic.pendingKinds).toEqual(['heart']);
    expect(api.reactions).not.toHaveBeenCalled();

    call.resolve({ success: true, action: 'added', reactionType: 'heart', totalReactions: 3 });
    await done;
    await vi.waitFor(() => expect(store.getState().reactions.byPostId[post._id].status).toBe('succeeded'));
    expect(api.reactions).toHaveBeenCalledWith(post._id);
    const settled = store.getState().reactions.byPostId[post._id];
    expect(settled.heart).toEqual({ count: 3, users: [me] });
    expect(settled.pendingKinds).toEqual([]);
  });

  it('removing takes the reaction away at once and refetches too', async () => {
    const store = makeStore();
    api.react.mockResolvedValue({ success: true, action: 'removed', reactionType: 'fire', totalReactions: 2 });
    api.reactions.mockResolvedValue(serverSet(2, 0, []));
    const withFire = {
      ...seed,
      reactionCounts: { ...seed.reactionCounts, fire: 1 },
      totalReactions: 3,
      currentUserReactions: ['fire' as const],
    };
    const done = store.dispatch(removeReaction({ postId: post._id, reactionType: 'fire', seed: withFire }));
    expect(store.getState().reactions.byPostId[post._id].fire.count).toBe(0);
    expect(store.getState().reactions.byPostId[post._id].currentUserReactions).toEqual([]);
    await done;
    await vi.waitFor(() => expect(api.reactions).toHaveBeenCalledTimes(1));
  });

  it('rolls the toggle back with the SPEC text when the call fails', async () => {
    const store = makeStore();
    api.react.mockRejectedValue(new Error('boom'));
    const result = await store.dispatch(addReaction({ postId: post._id, reactionType: 'heart', seed }));
    expect(addReaction.rejected.match(result)).toBe(true);
    const entry = store.getState().reactions.byPostId[post._id];
    expect(entry.heart.count).toBe(2);
    expect(entry.currentUserReactions).toEqual([]);
    expect(entry.error).toBe(REACT_FAILED);
    expect(api.reactions).not.toHaveBeenCalled();
  });

  it('a failed refetch shows "Failed to fetch reactions"', async () => {
    const store = makeStore();
    api.react.mockResolvedValue({ success: true, action: 'added', reactionType: 'heart', totalReactions: 3 });
    api.reactions.mockRejectedValue(
      new AxiosError('bad', 'ERR', undefined, undefined, {
        status: 500,
        data: {},
        statusText: '',
        headers: {},
        config: { headers: new AxiosHeaders() },
      }),
    );
    await store.dispatch(addReaction({ postId: post._id, reactionType: 'heart', seed }));
    await vi.waitFor(() => expect(store.getState().reactions.byPostId[post._id].status).toBe('failed'));
    expect(store.getState().reactions.byPostId[post._id].error).toBe('Failed to fetch reactions');
  });

  it('the feed copy of the post follows the refetched reactions', async () => {
    const store = makeStore();
    api.feed.mockResolvedValue({ feeds: [post], totalCount: 1, currentPage: 1, totalPages: 1, hasMore: false, anchor: 'a' });
    await store.dispatch(fetchFeeds({ page: 1 }));
    api.reactions.mockResolvedValue(serverSet(2, 1, ['fire']));
    await store.dispatch(fetchReactions(post._id));
    const copy = store.getState().feed.feeds[0];
    expect(copy.reactionCounts.fire).toBe(1);
    expect(copy.totalReactions).toBe(3);
    expect(copy.currentUserReactions).toEqual(['fire']);
  });

  it('a canceled duplicate refetch is not a failure', async () => {
    const store = makeStore();
    api.reactions.mockResolvedValueOnce(serverSet(2, 0, []));
    await store.dispatch(fetchReactions(post._id));
    api.reactions.mockRejectedValueOnce(new axios.CanceledError());
    await store.dispatch(fetchReactions(post._id));
    expect(store.getState().reactions.byPostId[post._id].status).not.toBe('failed');
  });
});
