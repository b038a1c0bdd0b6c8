/** Builds the reactions feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsPort } from './posts-port';
import { reactionsApi, type ReactionsApi } from './api';
import { reactionRoutes } from './routes';
import { reactionService, type ReactionService } from './service';

export interface ReactionsFeature extends Feature {
  api: ReactionsApi;
  /** For federation: reactions people of other servers gave or took back. */
  remote: Pick<ReactionService, 'set'>;
}

export function createReactionsFeature(ctx: AppContext, deps: { posts: PostsPort }): ReactionsFeature {
  const reactions = reactionService(ctx, deps.posts);
  return {
    name: 'reactions',
    routes: (app, c) => reactionRoutes(app, c, { reactions }),
    api: reactionsApi(ctx.db, deps.posts),
    remote: { set: (userId, postId, kind, held) => reactions.set(userId, postId, kind, held) },
  };
}
