/**
 * The lists of posts in the RTK Query cache (product.md § Feed, § Posts): the home feed, the newest post (for the
 * "New posts" offer), a profile's posts, the saved posts, a tag's posts and one post on its own page. Every list is kept as `PostsPage`s.
 */
import { PAGE_SIZES, type OperationResponse, type Post } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallback } from '../../lib/error-text';
import type { PostsPage } from './post-pages';

export const FETCH_FEED_FAILED = 'An error occurred while fetching feeds';
export const FETCH_USER_POSTS_FAILED = 'Failed to fetch user feeds';
export const FETCH_FAVORITES_FAILED = 'Failed to fetch saved posts';
export const FETCH_TAG_POSTS_FAILED = 'Failed to fetch posts with this tag';
export const FETCH_POST_FAILED = 'Failed to fetch the post';

/** Page 1 asks without an anchor; later pages carry the one page 1 answered. */
interface FeedPageParam {
  page: number;
  anchor?: string;
}

/** Whose posts: `mine` reads `my-posts`, anyone else `user/{userName}`. */
interface UserPostsArg {
  userName: string;
  mine: boolean;
}

type FeedReply = OperationResponse<typeof operations.getFeed>;
/** listMyPosts answers as listUserPosts does. */
type UserPostsReply = OperationResponse<typeof operations.listUserPosts | typeof operations.listMyPosts>;
type FavoritesReply = OperationResponse<typeof operations.listFavorites>;
type TagPostsReply = OperationResponse<typeof operations.listTagPosts>;
type PostReply = OperationResponse<typeof operations.getPost>;

const toPostsPage = (posts: Post[], pagination: UserPostsReply['pagination']): PostsPage => ({
  posts,
  hasMore: pagination.hasMore,
  total: pagination.total,
});

/** Each list provides a tag per post it holds, so a change to one post can find every list showing it. */
const postTags = (pages: PostsPage[] | undefined) =>
  (pages ?? []).flatMap((page) => page.posts.map((p) => ({ type: 'Post' as const, id: p._id })));

const nextPage = (last: PostsPage, _all: PostsPage[], lastParam: number) => (last.hasMore ? lastParam + 1 : undefined);

export const postsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** The home feed of `authUser` (the signed-in user's name). */
    getFeed: build.infiniteQuery<PostsPage, string, FeedPageParam, FeedReply>({
      query: ({ queryArg: authUser, pageParam }) =>
        operationRequest(operations.getFeed, {
          params: { authUser },
          query: { page: pageParam.page, limit: PAGE_SIZES.feed, anchor: pageParam.anchor },
          fallback: fallback(FETCH_FEED_FAILED),
        }),
      transformResponse: ({ data }) => ({ posts: data.feeds, hasMore: data.hasMore, total: data.totalCount, anchor: data.anchor }),
      infiniteQueryOptions: {
        initialPageParam: { page: 1 },
        // The anchor of page 1 freezes the following pages at that moment, so new posts never shift them.
        getNextPageParam: (last, all, lastParam) => (last.hasMore ? { page: lastParam.page + 1, anchor: all[0]?.anchor } : undefined),
        // Refreshing the feed starts again from page 1 with a new anchor.
        refetchCachedPages: false,
      },
      providesTags: (data) => ['Feed', ...postTags(data?.pages)],
    }),

    /** Only the newest post of the feed, polled to offer "New posts" without moving what is read. */
    getNewestPost: build.query<Post | null, string, FeedReply>({
      query: (authUser) =>
        operationRequest(operations.getFeed, { params: { authUser }, query: { page: 1, limit: 1 }, fallback: fallback(FETCH_FEED_FAILED) }),
      transformResponse: ({ data }) => data.feeds[0] ?? null,
    }),

    /** The feed's first page as it stands now, read when the reader asks for the new posts (see showNewPosts). */
    getFeedHead: build.query<Post[], string, FeedReply>({
      query: (authUser) =>
        operationRequest(operations.getFeed, {
          params: { authUser },
          query: { page: 1, limit: PAGE_SIZES.feed },
          fallback: fallback(FETCH_FEED_FAILED),
        }),
      transformResponse: ({ data }) => data.feeds,
      keepUnusedDataFor: 0,
    }),

    getUserPosts: build.infiniteQuery<PostsPage, UserPostsArg, number, UserPostsReply>({
      query: ({ queryArg: { userName, mine }, pageParam }) => {
        const page = { query: { page: pageParam, limit: PAGE_SIZES.feed }, fallback: fallback(FETCH_USER_POSTS_FAILED) };
        return mine
          ? operationRequest(operations.listMyPosts, page)
          : operationRequest(operations.listUserPosts, { ...page, params: { userName } });
      },
      transformResponse: (r) => toPostsPage(r.userPosts, r.pagination),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage, refetchCachedPages: false },
      providesTags: (data, _error, arg) => [{ type: 'UserPosts', id: arg.userName.toLowerCase() }, ...postTags(data?.pages)],
    }),

    /** Saved posts, most recently saved first. */
    getFavorites: build.infiniteQuery<PostsPage, void, number, FavoritesReply>({
      query: ({ pageParam }) =>
        operationRequest(operations.listFavorites, {
          query: { page: pageParam, limit: PAGE_SIZES.feed },
          fallback: fallback(FETCH_FAVORITES_FAILED),
        }),
      transformResponse: (r) => toPostsPage(r.posts, r.pagination),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage, refetchCachedPages: false },
      providesTags: (data) => ['Favorites', ...postTags(data?.pages)],
    }),

    /** The posts carrying a tag (its normalized form), newest first. */
    getTagPosts: build.infiniteQuery<PostsPage, string, number, TagPostsReply>({
      query: ({ queryArg: tag, pageParam }) =>
        operationRequest(operations.listTagPosts, {
          params: { tag },
          query: { page: pageParam, limit: PAGE_SIZES.feed },
          fallback: fallback(FETCH_TAG_POSTS_FAILED),
        }),
      transformResponse: (r) => toPostsPage(r.data, r.pagination),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage, refetchCachedPages: false },
      providesTags: (data, _error, tag) => [{ type: 'TagPosts', id: tag }, ...postTags(data?.pages)],
    }),

    /** One post on its own page (`/posts/<id>`, where a mention leads), as a list of one. */
    getPost: build.infiniteQuery<PostsPage, string, number, PostReply>({
      query: ({ queryArg: postId }) => operationRequest(operations.getPost, { params: { postId }, fallback: fallback(FETCH_POST_FAILED) }),
      transformResponse: (r) => ({ posts: [r.post], hasMore: false, total: 1 }),
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: () => undefined },
      providesTags: (data) => postTags(data?.pages),
    }),
  }),
});

export const {
  useGetFeedInfiniteQuery,
  useGetNewestPostQuery,
  useGetUserPostsInfiniteQuery,
  useGetFavoritesInfiniteQuery,
  useGetTagPostsInfiniteQuery,
  useGetPostInfiniteQuery,
} = postsApi;
