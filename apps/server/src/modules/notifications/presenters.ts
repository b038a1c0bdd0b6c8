/** A notification as its recipient sees it, with the actor's public fields. */
import type { Notification } from '@plaza/contract';
import { presentPublicUser, type PublicUserColumns } from '../users';
import type { NotificationRow } from './repo';
import { lineNow, type NotificationTexts } from './texts';

/** With `texts` (the reader's language), a line the row holds all of is written in it; else the stored line. */
export function presentNotification(row: NotificationRow, actor: PublicUserColumns, texts?: NotificationTexts): Notification {
  return {
    _id: row.id,
    type: row.type,
    actor: presentPublicUser(actor),
    entityId: row.entity_id,
    text: (texts && lineNow(row, actor.full_name, texts)) ?? row.text,
    read: row.read === 1,
    createdAt: row.created_at,
  };
}
