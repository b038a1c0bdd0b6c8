import { describe, expect, it } from 'vitest';
import { toggleFavorite } from '../posts/postActions';
import { buildPost } from '../posts/test-factories';
import reducer, { fetchFavorites } from './favoritesSlice';

const initial = reducer(undefined, { type: 'init' });
const pagination = (total: number) => ({ currentPage: 1, limit: 10, totalPages: 1, hasMore: false, total });

describe('favorites slice', () => {
  it('lists the saved posts; unsaving one flips it at once and drops it once the server agrees', () => {
    const saved = buildPost({ isFavorite: true });
    let state = reducer(initial, fetchFavorites.pending('r', { page: 1 }));
    state = reducer(state, fetchFavorites.fulfilled({ success: true, posts: [saved], pagination: pagination(1) }, 'r', { page: 1 }));
    state = reducer(state, toggleFavorite.pending('t', { post: saved }));
    expect(state.posts[0].isFavorite).toBe(false);
    state = reducer(state, toggleFavorite.fulfilled({ isFavorite: false }, 't', { post: saved }));
    expect(state.posts).toHaveLength(0);
    expect(state.pagination.total).toBe(0);
  });

  it('rolls the bookmark back when saving fails', () => {
    const post = buildPost({ isFavorite: true });
    let state = reducer(initial, fetchFavorites.pending('r', { page: 1 }));
    state = reducer(state, fetchFavorites.fulfilled({ success: true, posts: [post], pagination: pagination(1) }, 'r', { page: 1 }));
    state = reducer(state, toggleFavorite.pending('t', { post }));
    expect(state.posts[0].isFavorite).toBe(false);
    state = reducer(state, toggleFavorite.rejected(null, 't', { post }, { error: 'Failed', message: 'Failed' }));
    expect(state.posts[0].isFavorite).toBe(true);
  });

  it('a post saved elsewhere joins the top of a loaded list', () => {
    const other = buildPost({ isFavorite: false });
    let state = reducer(initial, fetchFavorites.pending('r', { page: 1 }));
    state = reducer(state, fetchFavorites.fulfilled({ success: true, posts: [], pagination: pagination(0) }, 'r', { page: 1 }));
    state = reducer(state, toggleFavorite.fulfilled({ isFavorite: true }, 't', { post: other }));
    expect(state.posts.map((p) => [p._id, p.isFavorite])).toEqual([[other._id, true]]);
  });
});
