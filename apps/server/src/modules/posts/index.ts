/** The posts feature: posts, the home feed and favorites, and the timeline upkeep when friendships change. */
import type { Feature } from '../index';
import { favoriteRoutes } from './favorite-routes';
import { postRoutes } from './routes';
import { startTimelineSync } from './timeline-sync';

export const postsFeature: Feature = {
  name: 'posts',
  routes: async (app, ctx) => {
    await postRoutes(app, ctx);
    await favoriteRoutes(app, ctx);
  },
  start: (ctx) => startTimelineSync(ctx),
};
