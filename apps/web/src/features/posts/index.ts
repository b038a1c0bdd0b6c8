/** What other features use of posts: the cached lists, the changes to a post, the composer and a post's images or video. */
export {
  FETCH_FAVORITES_FAILED,
  FETCH_FEED_FAILED,
  FETCH_POST_FAILED,
  FETCH_TAG_POSTS_FAILED,
  FETCH_USER_POSTS_FAILED,
  useGetFavoritesInfiniteQuery,
  useGetFeedInfiniteQuery,
  useGetNewestPostQuery,
  useGetPostInfiniteQuery,
  useGetTagPostsInfiniteQuery,
  useGetUserPostsInfiniteQuery,
} from './api';
export { Composer } from './Composer';
export { PostMediaView } from './PostMediaView';
export { DELETE_POST_FAILED, FAVORITE_FAILED, useDeletePostMutation, useToggleFavoriteMutation } from './mutations';
export { EditPostForm } from './EditPostForm';
export { patchPost } from './post-cache';
export { usePostsLive } from './live';
export { useVideoRecheck } from './video-recheck';
export { showNewPosts } from './new-posts';
export { postsOf, toggleReaction, type PostsPage } from './post-pages';
