/**
 * Builds the push feature once per app: the subscription routes, the `push` and `pushDelivery` workers, and the
 * subscription to stored chat messages. Notifications reach it through `api.offer` (modules/index.ts wires it).
 */
import type { AppContext, Feature } from '../../context';
import type { Presence } from '../../realtime/presence';
import type { ChatApi } from '../chat';
import { safeClient } from '../link-previews';
import type { PreferencesService } from '../notification-preferences';
import { pushSender } from './delivery';
import { pushPipeline } from './pipeline';
import type { PushRequest } from './request';
import { pushRoutes } from './routes';
import { subscriptionsService } from './subscriptions-service';

export interface PushDeps {
  preferences: PreferencesService;
  chat: Pick<ChatApi, 'unreadFrom' | 'groupPushFacts'>;
}

export interface PushApi {
  /** Something happened that `req.recipientId` may want pushed; resolves once it is queued (or not wanted). */
  offer(req: PushRequest): Promise<void>;
}

export function createPushFeature(ctx: AppContext, deps: PushDeps): Feature & { api: PushApi } {
  const subscriptions = subscriptionsService(ctx);
  // Known once the realtime layer is set up, before any job runs; with Redis it sees every node's sockets.
  let presence: Presence | null = null;
  const pipeline = pushPipeline(ctx, { ...deps, isOnline: async (userId) => (presence ? presence.isOnline(userId) : false) });
  const client = safeClient({
    allowPrivateAddresses: ctx.config.allowPrivateAddresses,
    loopbackOnly: ctx.config.outboundLoopbackOnly,
    userAgent: `Plaza (+${ctx.config.publicUrl})`,
  });
  const deliver = pushSender(ctx, client);

  return {
    name: 'push',
    api: { offer: async (req) => pipeline.offer(req) },
    routes: (app, c) => pushRoutes(app, c, { subscriptions }),
    realtime: {
      setup(_io, services) {
        presence = services.presence;
      },
    },
    start: () => {
      ctx.jobs.registerWorker('push', (req, job) => pipeline.decide(req, job));
      ctx.jobs.registerWorker('pushDelivery', (delivery) => deliver(delivery));
      const stopDirect = ctx.events.subscribe('messageStored', ({ senderId, receiverId, message }) =>
        pipeline.offer({
          recipientId: receiverId,
          type: 'message',
          actorId: senderId,
          tag: `message:${senderId}`,
          url: '/chat',
          preview: message.messageText,
        }),
      );
      // What members write, to the members it reaches (blocks left out), grouped per group; never a system line.
      const stopGroups = ctx.events.subscribe('groupMessageStored', ({ conversationId, message, userIds }) =>
        message.kind === 'text'
          ? pipeline.offerToMany(
              {
                type: 'group_message',
                actorId: message.senderId,
                tag: `group:${conversationId}`,
                url: `/chat/g/${conversationId}`,
                conversationId,
                preview: message.messageText,
              },
              userIds,
            )
          : undefined,
      );
      return () => {
        stopDirect();
        stopGroups();
      };
    },
  };
}
