/** Builders for posts, comments and the server's answers about them, in tests. */
import {
  REACTION_TYPES,
  type Comment,
  type CommentsResponse,
  type FavoritesResponse,
  type FeedResponse,
  type Post,
  type PublicUser,
  type ReactionsResponse,
  type ReactionType,
} from '@plaza/contract';

let seq = 0;

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  seq += 1;
  return {
    _id: `user-${seq}`,
    userName: `person${seq}`,
    fullName: `Person ${seq}`,
    userImage: null,
    userBio: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildPost(overrides: Partial<Post> = {}): Post {
  seq += 1;
  return {
    _id: `post-${seq}`,
    author: buildUser(),
    content: `Post number ${seq}`,
    media: [],
    createdAt: new Date().toISOString(),
    reactionCounts: { heart: 0, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
    totalReactions: 0,
    currentUserReactions: [],
    commentsCount: 0,
    editedAt: null,
    isFavorite: false,
    linkPreview: null,
    mentions: [],
    ...overrides,
  };
}

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  seq += 1;
  return {
    _id: `comment-${seq}`,
    postId: 'post-x',
    commentContent: `Comment ${seq}`,
    commentAuthor: buildUser(),
    commentLikes: [],
    createdAt: new Date().toISOString(),
    linkPreview: null,
    mentions: [],
    ...overrides,
  };
}

/** A feed page as `GET /posts/{authUser}/feeds` answers it. */
export function feedPage(feeds: Post[], page: { hasMore?: boolean; anchor?: string; totalCount?: number } = {}): FeedResponse {
  return {
    success: true,
    data: {
      feeds,
      totalCount: page.totalCount ?? feeds.length,
      currentPage: 1,
      totalPages: page.hasMore ? 2 : 1,
      hasMore: page.hasMore ?? false,
      anchor: page.anchor ?? 'anchor-1',
    },
  };
}

/** A page of saved posts as `GET /posts/favorites` answers it. */
export function favoritesPage(posts: Post[], page: { currentPage?: number; hasMore?: boolean } = {}): FavoritesResponse {
  const currentPage = page.currentPage ?? 1;
  const hasMore = page.hasMore ?? false;
  return {
    success: true,
    posts,
    pagination: { currentPage, limit: 10, totalPages: hasMore ? currentPage + 1 : currentPage, hasMore, total: posts.length },
  };
}

/** A page of comments as `GET /comments/posts/{postId}/comments` answers it. */
export function commentsPage(comments: Comment[], page = 1, total = comments.length): CommentsResponse {
  return { success: true, comments, pagination: { page, limit: 10, total, totalPages: Math.max(1, Math.ceil(total / 10)) } };
}

/** A post's reaction set as `GET /posts/p/reactions-all` answers it; every kind held by `people`. */
export function reactionSet(
  counts: Partial<Record<ReactionType, number>>,
  mine: ReactionType[],
  people: PublicUser[] = [],
): ReactionsResponse {
  const reactions = Object.fromEntries(
    REACTION_TYPES.map((kind) => [kind, { count: counts[kind] ?? 0, users: counts[kind] ? people : [] }]),
  ) as ReactionsResponse['reactions'];
  const totalReactions = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return { success: true, reactions, totalReactions, currentUserReactions: mine };
}
