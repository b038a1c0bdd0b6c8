/** Builds the reactions feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsApi } from '../posts';
import { reactionRoutes } from './routes';
import { reactionService } from './service';

export function createReactionsFeature(ctx: AppContext, deps: { posts: PostsApi }): Feature {
  const reactions = reactionService(ctx, deps.posts);
  return { name: 'reactions', routes: (app, c) => reactionRoutes(app, c, { reactions }) };
}
