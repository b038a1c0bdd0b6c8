/** Builds the comments feature once per app, on the posts feature's API. */
import type { AppContext, Feature } from '../../context';
import type { PostsApi } from '../posts';
import { commentRoutes } from './routes';
import { commentService } from './service';

export function createCommentsFeature(ctx: AppContext, deps: { posts: PostsApi }): Feature {
  const comments = commentService(ctx, deps.posts);
  return { name: 'comments', routes: (app, c) => commentRoutes(app, c, { comments }) };
}
