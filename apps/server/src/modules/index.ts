/** The feature modules of the server. Each may add HTTP routes, realtime handlers and background work. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { RealtimeFeature } from '../realtime/server';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './users/account-routes';
import { chatFeature } from './chat';
import { commentsFeature } from './comments';
import { notificationsFeature } from './notifications';
import { peopleFeature } from './people';
import { postsFeature } from './posts';
import { reactionsFeature } from './reactions';
import { storiesFeature } from './stories';

export interface Feature {
  name: string;
  /** Registered under /api/v1. */
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  realtime?: RealtimeFeature;
  /** Background work (sweeps, timers); returns its stop function. */
  start?: (ctx: AppContext) => () => void;
}

export const features: Feature[] = [
  { name: 'auth', routes: authRoutes },
  { name: 'account', routes: accountRoutes },
  peopleFeature,
  notificationsFeature,
  postsFeature,
  reactionsFeature,
  commentsFeature,
  storiesFeature,
  chatFeature,
];
