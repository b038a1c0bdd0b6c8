/**
 * Storing notifications: a row for the recipient, then `notificationCreated`, which the realtime module
 * pushes to the recipient's `user:<id>` room. Called by this feature's event subscriptions only.
 */
import type { NotificationType } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { translator } from '../../texts';
import { userRepo, type UserRow } from '../users';
import { presentNotification } from './presenters';
import { notificationRepo, type NotificationRow } from './repo';
import { notificationTexts, type NotificationTexts } from './texts';

export interface NotifyInput {
  /** The notification's id: the id of the event it tells of, so a second delivery of that event stores nothing. */
  id: string;
  recipientId: string;
  actorId: string;
  type: NotificationType;
  entityId: string | null;
  /** The line shown, given the actor's full name and the texts in the recipient's language. */
  text: (actorName: string, texts: NotificationTexts) => string;
  /** What was said (a comment): a push shows it unless the person hides previews. */
  preview?: string;
  /** A fixed part of a push's line (a reaction's emoji, the moderators' notice). */
  detail?: string | ((texts: NotificationTexts) => string);
}

/** What the notifier asks of the person's preferences and of push (wired in modules/index.ts). */
export interface NotifierDeps {
  wantsInApp(userId: string, type: NotificationType): Promise<boolean>;
  offerPush(req: {
    recipientId: string;
    type: string;
    actorId: string;
    tag: string;
    url: string;
    preview?: string;
    detail?: string;
  }): Promise<void>;
}

export function notifier(ctx: AppContext, deps: NotifierDeps) {
  const users = userRepo(ctx.db);
  const notifications = notificationRepo(ctx.db);

  /** False when this event's notification is stored already (a second delivery). */
  async function storeOnce(input: NotifyInput, actor: UserRow, texts: NotificationTexts): Promise<boolean> {
    const row: NotificationRow = {
      id: input.id,
      recipient_id: input.recipientId,
      actor_id: input.actorId,
      type: input.type,
      entity_id: input.entityId,
      text: input.text(actor.full_name, texts),
      read: 0,
      created_at: nowIso(),
    };
    if (!(await notifications.insertOnce(row))) return false;
    ctx.events.publish('notificationCreated', { recipientId: input.recipientId, notification: presentNotification(row, actor) });
    return true;
  }

  return {
    /**
     * Never notifies anyone of their own action, nor of someone whose account is gone; never twice for one event.
     * Stored for the app unless the person turned that kind off there; offered to push either way (push decides).
     */
    async notify(input: NotifyInput): Promise<void> {
      if (input.recipientId === input.actorId) return;
      const [actor, recipient] = await Promise.all([users.findById(input.actorId), users.findById(input.recipientId)]);
      if (!actor || !recipient) return;
      // Written in the recipient's language, once: a later change of language leaves old lines as they were.
      const texts = notificationTexts(translator(recipient.language));
      if ((await deps.wantsInApp(input.recipientId, input.type)) && !(await storeOnce(input, actor, texts))) return;
      await deps.offerPush({
        recipientId: input.recipientId,
        type: input.type,
        actorId: input.actorId,
        tag: `${input.type}:${input.entityId ?? input.id}`,
        url: '/feeds',
        preview: input.preview,
        detail: typeof input.detail === 'function' ? input.detail(texts) : input.detail,
      });
    },

    /** Removes what `recipientId` was told about one thing, e.g. a friend request that was withdrawn. */
    forget: (recipientId: string, type: NotificationType, entityId: string) => notifications.deleteAbout(recipientId, type, entityId),

    /** Marks what `recipientId` was told about one thing as read, e.g. a friend request they answered. */
    markReadAbout: (recipientId: string, type: NotificationType, entityId: string) =>
      notifications.markReadAbout(recipientId, type, entityId),

    /** Removes everything anyone was told about a post that is gone. */
    forgetPost: (postId: string) => notifications.deleteAboutPost(postId),
  };
}
export type Notifier = ReturnType<typeof notifier>;
