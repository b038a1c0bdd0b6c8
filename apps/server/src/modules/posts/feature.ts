/** Builds the posts feature once per app: posts, the home feed, favorites, and the timeline upkeep when friendships change. */
import type { AppContext, Feature } from '../../context';
import { postsApi, type PostsApi } from './api';
import { favoriteRoutes } from './favorite-routes';
import { favoriteService } from './favorite-service';
import { startPostLinkPreviews } from './link-preview-sink';
import { postModeration } from './moderation';
import { postRoutes } from './routes';
import { startPostFanOut } from './post-fan-out';
import { postsLive } from './posts-live';
import { postService, type PostService } from './service';
import { startTimelineSync } from './timeline-sync';
import { startPostVideos } from './video-processing';

export interface PostsFeature extends Feature {
  /** For the features that act on posts or count them. */
  api: PostsApi;
  /** For the moderation feature: a post as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof postModeration>;
  /** For federation: posts written, edited and deleted on another server by their author, as a local author would. */
  authoring: Pick<PostService, 'create' | 'update' | 'remove'>;
}

export function createPostsFeature(ctx: AppContext): PostsFeature {
  const posts = postService(ctx);
  const favorites = favoriteService(ctx);
  const log = ctx.log.child({ feature: 'posts' });
  return {
    name: 'posts',
    routes: async (app, c) => {
      await postRoutes(app, c, { posts });
      await favoriteRoutes(app, c, { favorites });
    },
    start: () => {
      const stops = [startTimelineSync(ctx, log), startPostFanOut(ctx), startPostLinkPreviews(ctx), startPostVideos(ctx)];
      return () => stops.forEach((stop) => stop());
    },
    realtime: postsLive(ctx),
    moderation: postModeration(ctx.db, posts),
    api: postsApi(ctx.db, ctx.storage),
    authoring: {
      create: (...args) => posts.create(...args),
      update: (userId, postId, change) => posts.update(userId, postId, change),
      remove: (userId, postId) => posts.remove(userId, postId),
    },
  };
}
