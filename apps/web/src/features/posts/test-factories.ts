/** Builders for posts and comments in tests. */
import type { Comment, Post, PublicUser } from '@plaza/contract';

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
    isFavorite: false,
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
    ...overrides,
  };
}
