/** Builds the hashtags feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsPort } from './posts-port';
import { hashtagRoutes } from './routes';
import { hashtagService } from './service';

export function createHashtagsFeature(ctx: AppContext, deps: { posts: PostsPort }): Feature {
  const hashtags = hashtagService(ctx, deps.posts);
  return {
    name: 'hashtags',
    routes: (app, c) => hashtagRoutes(app, c, { hashtags }),
  };
}
