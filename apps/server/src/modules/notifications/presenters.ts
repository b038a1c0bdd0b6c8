/** A notification as its recipient sees it, with the actor's public fields. */
import type { Notification } from '@plaza/contract';
import { presentPublicUser, type PublicUserColumns } from '../users';
import type { NotificationRow } from './repo';

export function presentNotification(row: NotificationRow, actor: PublicUserColumns): Notification {
  return {
    _id: row.id,
    type: row.type,
    actor: presentPublicUser(actor),
    entityId: row.entity_id,
    text: row.text,
    read: row.read === 1,
    createdAt: row.created_at,
  };
}
