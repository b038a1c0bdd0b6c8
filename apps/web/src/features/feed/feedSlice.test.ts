import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../../api/errors';
import type { FeedPage } from '../../api/posts';
import { logoutUser } from '../auth/authSlice';
import { deletePost, postCreated } from '../posts/postActions';
import { buildPost } from '../posts/test-factories';
import reducer, { FETCH_FEED_FAILED, fetchFeeds, initialFeedState, type FeedState } from './feedSlice';

const page = (feeds: FeedPage['feeds'], currentPage: number, extra: Partial<FeedPage> = {}): FeedPage => ({
  feeds,
  totalCount: 25,
  currentPage,
  totalPages: 3,
  hasMore: currentPage < 3,
  anchor: 'anchor-1',
  ...extra,
});

function load(state: FeedState, pageNo: number, data: FeedPage, requestId = `r${pageNo}`): FeedState {
  const pending = reducer(state, fetchFeeds.pending(requestId, { page: pageNo }));
  return reducer(pending, fetchFeeds.fulfilled(data, requestId, { page: pageNo }));
}

describe('feed slice', () => {
  it('page 1 replaces the feeds', () => {
    const old = [buildPost(), buildPost()];
    const fresh = [buildPost()];
    let state = load(initialFeedState, 1, page(old, 1));
    state = load(state, 1, page(fresh, 1), 'again');
    expect(state.feeds.map((p) => p._id)).toEqual([fresh[0]._id]);
    expect(state).toMatchObject({ status: 'succeeded', currentPage: 1, totalCount: 25, totalPages: 3, hasMore: true, anchor: 'anchor-1' });
  });

  it('later pages append without duplicate ids', () => {
    const [a, b, c] = [buildPost(), buildPost(), buildPost()];
    let state = load(initialFeedState, 1, page([a, b], 1));
    state = load(state, 2, page([b, c], 2));
    expect(state.feeds.map((p) => p._id)).toEqual([a._id, b._id, c._id]);
    expect(state.currentPage).toBe(2);
  });

  it('goes loading then failed with the SPEC fallback text', () => {
    const pending = reducer(initialFeedState, fetchFeeds.pending('r1', { page: 1 }));
    expect(pending.status).toBe('loading');
    const failed = reducer(pending, fetchFeeds.rejected(null, 'r1', { page: 1 }, { error: FETCH_FEED_FAILED, message: FETCH_FEED_FAILED }));
    expect(failed).toMatchObject({ status: 'failed', error: FETCH_FEED_FAILED });
  });

  it('shows the network error texts when the server cannot be reached', () => {
    const pending = reducer(initialFeedState, fetchFeeds.pending('r1', { page: 1 }));
    const failed = reducer(pending, fetchFeeds.rejected(null, 'r1', { page: 1 }, NETWORK_ERROR));
    expect(failed.error).toBe('Network error occurred: Unable to connect to the server');
  });

  it('a request canceled as a duplicate does not fail the feed', () => {
    const pending = reducer(initialFeedState, fetchFeeds.pending('r1', { page: 1 }));
    const canceled = reducer(pending, fetchFeeds.rejected(null, 'r1', { page: 1 }, { error: 'canceled', message: '' }));
    expect(canceled.status).toBe('loading');
    expect(canceled.error).toBeNull();
  });

  it('ignores an older request that answers after a newer one started', () => {
    let state = reducer(initialFeedState, fetchFeeds.pending('old', { page: 2 }));
    state = reducer(state, fetchFeeds.pending('new', { page: 1 }));
    state = reducer(state, fetchFeeds.fulfilled(page([buildPost()], 2), 'old', { page: 2 }));
    expect(state.status).toBe('loading');
    expect(state.feeds).toHaveLength(0);
  });

  it('puts a new post on top and removes a deleted one', () => {
    const existing = buildPost();
    let state = load(initialFeedState, 1, page([existing], 1, { totalCount: 1 }));
    const mine = buildPost();
    state = reducer(state, postCreated(mine));
    expect(state.feeds.map((p) => p._id)).toEqual([mine._id, existing._id]);
    expect(state.totalCount).toBe(2);
    state = reducer(state, deletePost.fulfilled({ postId: existing._id }, 'd', { postId: existing._id }));
    expect(state.feeds.map((p) => p._id)).toEqual([mine._id]);
    expect(state.totalCount).toBe(1);
  });

  it('signing out empties the feed so the next person starts fresh', () => {
    const state = load(initialFeedState, 1, page([buildPost()], 1));
    expect(reducer(state, logoutUser.fulfilled({ success: true }, 'l'))).toEqual(initialFeedState);
  });
});
