/** Builds the comments feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsApi } from '../posts';
import { commentModeration } from './moderation';
import { commentsApi, type CommentsApi } from './api';
import { commentRoutes } from './routes';
import { commentService } from './service';

export interface CommentsFeature extends Feature {
  /** For the moderation feature: a comment as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof commentModeration>;
  api: CommentsApi;
}

export function createCommentsFeature(ctx: AppContext, deps: { posts: PostsApi }): CommentsFeature {
  const comments = commentService(ctx, deps.posts);
  return {
    name: 'comments',
    routes: (app, c) => commentRoutes(app, c, { comments }),
    moderation: commentModeration(ctx.db, comments),
    api: commentsApi(ctx.db, deps.posts),
  };
}
