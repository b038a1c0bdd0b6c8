/** The people feature: network, profiles, user search, friend requests and suggestions. */
import type { Feature } from '../index';
import { connectionRoutes } from './connection-routes';
import { peopleRoutes } from './routes';

export const peopleFeature: Feature = {
  name: 'people',
  routes: async (app, ctx) => {
    await peopleRoutes(app, ctx);
    await connectionRoutes(app, ctx);
  },
};
