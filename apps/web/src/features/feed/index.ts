/** What other features use of the feed: the list of post cards that saved posts and profiles show too. */
export { PostList } from './PostList';
