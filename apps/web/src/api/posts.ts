/** Calls of posts, the home feed, reactions and favorites (SPEC §7 "Posts, reactions, comments"; CONTRACT). */
import type {
  FavoriteResponse,
  FavoritesResponse,
  FeedResponse,
  PostResponse,
  ReactResponse,
  ReactionsResponse,
  ReactionType,
  UserPostsResponse,
} from '@plaza/contract';
import { PAGE_SIZES } from '@plaza/contract';
import { api } from './client';

export type FeedPage = FeedResponse['data'];

export const postsApi = {
  feed: (authUser: string, page: number, anchor?: string, limit: number = PAGE_SIZES.feed) =>
    api
      .get<FeedResponse>(`/posts/${encodeURIComponent(authUser)}/feeds`, {
        params: { page, limit, ...(anchor && page > 1 ? { anchor } : {}) },
      })
      .then((r) => r.data.data),

  myPosts: (page: number, limit: number = PAGE_SIZES.feed) =>
    api.get<UserPostsResponse>('/posts/my-posts', { params: { page, limit } }).then((r) => r.data),

  userPosts: (userName: string, page: number, limit: number = PAGE_SIZES.feed) =>
    api.get<UserPostsResponse>(`/posts/user/${encodeURIComponent(userName)}`, { params: { page, limit } }).then((r) => r.data),

  /** Multipart: `content` beside up to four `images`. */
  create(content: string, images: File[], onProgress?: (fraction: number) => void) {
    const form = new FormData();
    form.append('content', content);
    for (const image of images) form.append('images', image);
    return api
      .post<PostResponse>('/posts', form, { onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0) })
      .then((r) => r.data.post);
  },

  remove: (postId: string) => api.delete(`/posts/${encodeURIComponent(postId)}`).then(() => undefined),

  /** Toggles one kind: the same call adds and removes. */
  react: (postId: string, reactionType: ReactionType) =>
    api.put<ReactResponse>(`/posts/react/${encodeURIComponent(postId)}`, { reactionType }).then((r) => r.data),

  reactions: (postId: string) => api.get<ReactionsResponse>('/posts/p/reactions-all', { params: { postId } }).then((r) => r.data),

  toggleFavorite: (postId: string) => api.put<FavoriteResponse>(`/posts/${encodeURIComponent(postId)}/favorite`).then((r) => r.data),

  favorites: (page: number, limit: number = PAGE_SIZES.feed) =>
    api.get<FavoritesResponse>('/posts/favorites', { params: { page, limit } }).then((r) => r.data),
};
