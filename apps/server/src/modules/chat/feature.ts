/** Builds the chat feature once per app: flood control, the chat service, its routes and realtime handlers. */
import type { AppContext, Feature } from '../../context';
import { chatApi, type ChatApi } from './api';
import { createFloodControl } from './flood-control';
import { messageModeration } from './moderation';
import { chatRoutes } from './routes';
import { chatService } from './service';
import { chatRealtime } from './socket';

export interface ChatFeature extends Feature {
  /** For the moderation feature: a message as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof messageModeration>;
  api: ChatApi;
}

export function createChatFeature(ctx: AppContext): ChatFeature {
  const flood = createFloodControl(ctx.limits);
  const service = chatService(ctx, flood);
  const log = ctx.log.child({ feature: 'chat' });
  return {
    name: 'chat',
    routes: (app, c) => chatRoutes(app, c, { service }),
    realtime: chatRealtime(ctx, service, log),
    moderation: messageModeration(ctx.db),
    api: chatApi(ctx.db),
    // Runs once no request is in flight: what they queued is written before the database closes.
    start: () => () => service.close(),
  };
}
