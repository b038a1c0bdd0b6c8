/** The comments feature's public API. It owns `comments` and `comment_likes`; the post's comment count moves through the posts API, declared in posts-port.ts (nothing here imports posts). */
export type { CommentsApi } from './api';
export { createCommentsFeature, type CommentsFeature } from './feature';
export { commentCountOn } from './counts';
