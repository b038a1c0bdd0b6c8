/** Builds the reactions feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsPort } from './posts-port';
import { reactionsApi, type ReactionsApi } from './api';
import { reactionRoutes } from './routes';
import { reactionService } from './service';

export interface ReactionsFeature extends Feature {
  api: ReactionsApi;
}

export function createReactionsFeature(ctx: AppContext, deps: { posts: PostsPort }): ReactionsFeature {
  const reactions = reactionService(ctx, deps.posts);
  return { name: 'reactions', routes: (app, c) => reactionRoutes(app, c, { reactions }), api: reactionsApi(ctx.db, deps.posts) };
}
