/** Builds the comments feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsPort } from './posts-port';
import { commentModeration } from './moderation';
import { commentsApi, type CommentsApi } from './api';
import { startCommentLinkPreviews } from './link-preview-sink';
import { commentRoutes } from './routes';
import { commentService, type CommentService } from './service';

export interface CommentsFeature extends Feature {
  /** For the moderation feature: a comment as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof commentModeration>;
  api: CommentsApi;
  /** For the federation feature: a comment of someone of another server goes through a local author's checks. */
  remote: Pick<CommentService, 'create' | 'remove'>;
}

export function createCommentsFeature(ctx: AppContext, deps: { posts: PostsPort }): CommentsFeature {
  const comments = commentService(ctx, deps.posts);
  return {
    name: 'comments',
    routes: (app, c) => commentRoutes(app, c, { comments }),
    start: () => startCommentLinkPreviews(ctx, deps.posts),
    moderation: commentModeration(ctx.db, comments, deps.posts),
    api: commentsApi(ctx.db, deps.posts),
    remote: {
      create: (...args) => comments.create(...args),
      remove: (userId, commentId) => comments.remove(userId, commentId),
    },
  };
}
