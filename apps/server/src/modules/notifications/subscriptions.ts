/**
 * Which domain events notify whom. Other features only publish what happened; this is the one place that
 * decides it is worth a notification. Each handler runs after the change committed, off the request:
 * a failure is logged by the event bus and the change it was about stands. These events come through
 * the outbox, so one may arrive twice (a retry, a process that died mid-way): a notification takes the
 * event's id, which a second delivery cannot store again, and removals remove nothing the second time.
 */
import type { EventBus } from '../../lib/events';
import type { Notifier } from './service';
import { notificationTexts as texts } from './texts';

export function subscribeNotifications(events: EventBus, notifier: Notifier): () => void {
  const stops = [
    events.subscribe('friendRequestSent', ({ requestId, senderId, recipientId }, { id }) =>
      notifier.notify({ id, recipientId, actorId: senderId, type: 'friend_request', entityId: requestId, text: texts.friendRequest }),
    ),
    events.subscribe('friendRequestAccepted', ({ requestId, accepterId, requesterId }, { id }) =>
      notifier.notify({
        id,
        recipientId: requesterId,
        actorId: accepterId,
        type: 'friend_accept',
        entityId: requestId,
        text: texts.friendAccept,
      }),
    ),
    // Answering a request from anywhere (the network page, a profile) settles its notification too.
    events.subscribe('friendRequestAccepted', ({ requestId, accepterId }) =>
      notifier.markReadAbout(accepterId, 'friend_request', requestId),
    ),
    events.subscribe('friendRequestDeclined', ({ requestId, declinerId }) =>
      notifier.markReadAbout(declinerId, 'friend_request', requestId),
    ),
    // A withdrawn request should not linger in the other user's notifications, inviting a 409 on accept.
    events.subscribe('friendRequestCancelled', ({ requestId, recipientId }) => notifier.forget(recipientId, 'friend_request', requestId)),
    events.subscribe('reactionAdded', ({ postId, postAuthorId, actorId, kind }, { id }) =>
      notifier.notify({
        id,
        recipientId: postAuthorId,
        actorId,
        type: 'post_reaction',
        entityId: postId,
        text: (actor) => texts.reaction(actor, kind),
      }),
    ),
    events.subscribe('commentAdded', ({ postId, postAuthorId, authorId, content }, { id }) =>
      notifier.notify({
        id,
        recipientId: postAuthorId,
        actorId: authorId,
        type: 'post_comment',
        entityId: postId,
        text: (actor) => texts.comment(actor, content),
      }),
    ),
    events.subscribe('commentLiked', ({ postId, commentAuthorId, likerId }, { id }) =>
      notifier.notify({
        id,
        recipientId: commentAuthorId,
        actorId: likerId,
        type: 'comment_like',
        entityId: postId,
        text: texts.commentLike,
      }),
    ),
    // The author hears from the moderators why their content went; `text` ignores the moderator's name.
    events.subscribe('contentRemoved', ({ authorId, moderatorId, targetType, targetId, reason }, { id }) =>
      notifier.notify({
        id,
        recipientId: authorId,
        actorId: moderatorId,
        type: 'content_removed',
        entityId: targetId,
        text: () => texts.contentRemoved(targetType, reason),
      }),
    ),
    // Notifications about a post that is gone would lead nowhere.
    events.subscribe('postDeleted', ({ postId }) => notifier.forgetPost(postId)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
