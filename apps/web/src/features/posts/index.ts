/** What other features use of posts: the cached lists, the changes to a post, the composer and the image grid. */
export {
  FETCH_FAVORITES_FAILED,
  FETCH_FEED_FAILED,
  FETCH_USER_POSTS_FAILED,
  useGetFavoritesInfiniteQuery,
  useGetFeedInfiniteQuery,
  useGetNewestPostQuery,
  useGetUserPostsInfiniteQuery,
} from './api';
export { Composer } from './Composer';
export { ImageGrid } from './ImageGrid';
export { DELETE_POST_FAILED, FAVORITE_FAILED, useDeletePostMutation, useToggleFavoriteMutation } from './mutations';
export { EditPostForm } from './EditPostForm';
export { patchPost } from './post-cache';
export { postsOf, toggleReaction, type PostsPage } from './post-pages';
