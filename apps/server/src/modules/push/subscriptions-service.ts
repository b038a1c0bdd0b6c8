/** Who may add and remove which push subscription: one per device, only ever its owner's. */
import type { PushSubscriptionBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { subscriptionRepo } from './repo';

export function subscriptionsService(ctx: AppContext) {
  const repo = subscriptionRepo(ctx.db);
  return {
    /** Stores this device's subscription (or its new keys); an endpoint someone else holds is theirs: 403. */
    async add(userId: string, body: PushSubscriptionBody): Promise<void> {
      const stored = await repo.upsertOwn({
        id: newId(),
        user_id: userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: nowIso(),
      });
      if (!stored) throw new ForbiddenError(sentence('error.push.otherAccount'));
      ctx.events.publish('pushDevicesChanged', { userId });
    },

    /** Stops pushes to the device; 404 when the caller holds no such subscription (someone else's included). */
    async remove(userId: string, endpoint: string): Promise<void> {
      if (!(await repo.deleteOwn(userId, endpoint))) throw new NotFoundError(sentence('error.push.notFound'));
      ctx.events.publish('pushDevicesChanged', { userId });
    },
  };
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
