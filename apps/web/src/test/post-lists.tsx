/** The home feed as a plain list of cards, for tests of what happens to the posts in it. */
import { EmptyState } from '../components/EmptyState';
import { PostList } from '../features/feed';
import { FETCH_FEED_FAILED, useGetFeedInfiniteQuery } from '../features/posts';
import { ME } from './render-signed-in';

export function FeedList() {
  const feed = useGetFeedInfiniteQuery(ME.userName);
  return <PostList label="Feed" query={feed} errorFallback={FETCH_FEED_FAILED} empty={<EmptyState title="Your feed is empty" />} />;
}
