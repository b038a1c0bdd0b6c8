/** State shared by the simple paged lists of posts (favorites, a profile's posts). */
import type { Pagination, Post } from '@plaza/contract';
import { mergePage } from './postSync';
import type { RequestStatus } from './requestStatus';

export interface PagedPostsState {
  posts: Post[];
  pagination: Pagination;
  status: RequestStatus;
  error: string | null;
  loadingPage: number | null;
  requestId: string | null;
}

export const emptyPagination = (limit: number): Pagination => ({ currentPage: 0, limit, totalPages: 0, hasMore: false, total: 0 });

export const initialPagedPosts = (limit: number): PagedPostsState => ({
  posts: [],
  pagination: emptyPagination(limit),
  status: 'idle',
  error: null,
  loadingPage: null,
  requestId: null,
});

/** The request transitions both paged lists share; a late answer to an older request is ignored. */
export function pageRequested(state: PagedPostsState, page: number, requestId: string): void {
  state.status = 'loading';
  state.loadingPage = page;
  state.requestId = requestId;
  state.error = null;
}

export function pageReceived(state: PagedPostsState, requestId: string, page: number, posts: Post[], pagination: Pagination): void {
  if (requestId !== state.requestId) return;
  state.posts = mergePage(state.posts, posts, page);
  state.pagination = pagination;
  state.status = 'succeeded';
  state.loadingPage = null;
}

export function pageFailed(state: PagedPostsState, requestId: string, canceled: boolean, error: string): void {
  if (canceled || requestId !== state.requestId) return;
  state.status = 'failed';
  state.loadingPage = null;
  state.error = error;
}
