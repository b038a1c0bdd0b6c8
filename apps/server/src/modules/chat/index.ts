/** The chat feature: its routes, realtime handlers and background work. */
import type { Feature } from '../index';
import { closeChatDeps } from './deps';
import { chatRoutes } from './routes';
import { chatRealtime } from './socket';

export const chatFeature: Feature = {
  name: 'chat',
  routes: chatRoutes,
  realtime: chatRealtime,
  start: (ctx) => () => closeChatDeps(ctx),
};
