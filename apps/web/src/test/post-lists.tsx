/** The home feed and saved posts as plain lists, to look at one post in two places in tests. */
import { EmptyState } from '../components/EmptyState';
import { PostList } from '../features/feed';
import { FETCH_FAVORITES_FAILED, FETCH_FEED_FAILED, useGetFavoritesInfiniteQuery, useGetFeedInfiniteQuery } from '../features/posts';
import { ME } from './render-signed-in';

export function FeedList() {
  const feed = useGetFeedInfiniteQuery(ME.userName);
  return <PostList label="Feed" query={feed} errorFallback={FETCH_FEED_FAILED} empty={<EmptyState title="Your feed is empty" />} />;
}

export function SavedList() {
  const saved = useGetFavoritesInfiniteQuery();
  return (
    <PostList label="Saved posts" query={saved} errorFallback={FETCH_FAVORITES_FAILED} empty={<EmptyState title="No saved posts yet" />} />
  );
}
