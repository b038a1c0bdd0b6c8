/** Builds the stories feature once per app: its service, routes, the sweep that removes expired stories, and the video jobs. */
import type { AppContext, Feature } from '../../context';
import { mediaSigner, type PrivateMediaAccess } from '../../security/signed-media';
import { storyMediaAccess } from './media-access';
import { storyModeration } from './moderation';
import { storiesApi, type StoriesApi } from './api';
import { storyRoutes } from './routes';
import { storyService } from './service';
import { storiesLive } from './stories-live';
import { startStorySweep } from './sweep';
import { startStoryVideos } from './video-processing';

export interface StoriesFeature extends Feature {
  /** For the moderation feature: a story as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof storyModeration>;
  api: StoriesApi;
  /** For the media route: who may fetch a story's file. */
  mediaAccess: PrivateMediaAccess;
}

export function createStoriesFeature(ctx: AppContext): StoriesFeature {
  const stories = storyService(ctx);
  const log = ctx.log.child({ feature: 'stories' });
  return {
    name: 'stories',
    routes: (app, c) => storyRoutes(app, c, { stories }),
    start: () => {
      const stops = [startStorySweep(ctx, log), startStoryVideos(ctx)];
      return () => stops.forEach((stop) => stop());
    },
    realtime: storiesLive(ctx),
    moderation: storyModeration(ctx.db, ctx.config, stories),
    api: storiesApi(ctx.db, ctx.storage),
    mediaAccess: storyMediaAccess(ctx.db, mediaSigner(ctx.config.jwtSecret)),
  };
}
