/** State shared by the simple paged lists of posts (favorites, a profile's posts). */
import type { Pagination, Post } from '@plaza/contract';
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
