/** Builds the chat feature once per app: flood control, the chat service, its routes and realtime handlers. */
import type { AppContext, Feature } from '../../context';
import { createFloodControl } from './flood-control';
import { chatRoutes } from './routes';
import { chatService } from './service';
import { chatRealtime } from './socket';

export function createChatFeature(ctx: AppContext): Feature {
  const flood = createFloodControl(ctx.limits);
  const service = chatService(ctx, flood);
  const log = ctx.log.child({ feature: 'chat' });
  return {
    name: 'chat',
    routes: (app, c) => chatRoutes(app, c, { service }),
    realtime: chatRealtime(ctx, service, log),
  };
}
