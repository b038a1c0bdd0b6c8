/**
 * Creating notifications: every feature that notifies calls `notify`. It stores the row, then publishes
 * `notificationCreated`, which the realtime module pushes to the recipient's `user:<id>` room.
 */
import type { NotificationType } from '@plaza/contract';
import type { AppContext } from '../../context';
import { newId, nowIso } from '../../lib/ids';
import { userRepo } from '../users/repo';
import { presentNotification } from './presenters';
import { notificationRepo, type NotificationRow } from './repo';

export interface NotifyInput {
  recipientId: string;
  actorId: string;
  type: NotificationType;
  entityId: string | null;
  text: string;
}

export function notifier(ctx: AppContext) {
  const users = userRepo(ctx.db);
  const notifications = notificationRepo(ctx.db);
  return {
    /** Never notifies anyone of their own action. Call after the causing write has committed. */
    async notify(input: NotifyInput): Promise<void> {
      if (input.recipientId === input.actorId) return;
      const row: NotificationRow = {
        id: newId(),
        recipient_id: input.recipientId,
        actor_id: input.actorId,
        type: input.type,
        entity_id: input.entityId,
        text: input.text,
        read: 0,
        created_at: nowIso(),
      };
      await notifications.insert(row);
      const actor = await users.findById(input.actorId);
      if (!actor) return;
      ctx.events.publish('notificationCreated', { recipientId: input.recipientId, notification: presentNotification(row, actor) });
    },
  };
}
