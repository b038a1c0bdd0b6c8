/**
 * Which domain events notify whom. Other features only publish what happened; this is the one place that
 * decides it is worth a notification. Each handler runs after the change committed, off the request:
 * a failure is logged by the event bus and the change it was about stands. These events come through
 * the outbox, so one may arrive twice (a retry, a process that died mid-way): a notification takes the
 * event's id, which a second delivery cannot store again, and removals remove nothing the second time.
 */
import { REACTION_EMOJI } from '@plaza/contract';
import type { EventBus } from '../../lib/events';
import type { Notifier } from './service';

// Long: the table of which event notifies whom, one short entry per event kind, read in one place on purpose.
export function subscribeNotifications(events: EventBus, notifier: Notifier, postExists: (postId: string) => Promise<boolean>): () => void {
  // Events may be handled out of order (a retry, two processes): a reaction or comment handled after its
  // post's deletion (whose handler removed what was said about it) must not tell of a post that is gone.
  const aboutLivePost = async (postId: string, tell: () => Promise<void>) => {
    if (await postExists(postId)) await tell();
  };
  const stops = [
    events.subscribe('friendRequestSent', ({ requestId, senderId, recipientId }, { id }) =>
      notifier.notify({
        id,
        recipientId,
        actorId: senderId,
        type: 'friend_request',
        entityId: requestId,
        text: (actor, texts) => texts.friendRequest(actor),
      }),
    ),
    events.subscribe('friendRequestAccepted', ({ requestId, accepterId, requesterId }, { id }) =>
      notifier.notify({
        id,
        recipientId: requesterId,
        actorId: accepterId,
        type: 'friend_accept',
        entityId: requestId,
        text: (actor, texts) => texts.friendAccept(actor),
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
      aboutLivePost(postId, () =>
        notifier.notify({
          id,
          recipientId: postAuthorId,
          actorId,
          type: 'post_reaction',
          entityId: postId,
          text: (actor, texts) => texts.reaction(actor, kind),
          detail: REACTION_EMOJI[kind],
        }),
      ),
    ),
    events.subscribe('commentAdded', ({ postId, postAuthorId, authorId, content }, { id }) =>
      aboutLivePost(postId, () =>
        notifier.notify({
          id,
          recipientId: postAuthorId,
          actorId: authorId,
          type: 'post_comment',
          entityId: postId,
          text: (actor, texts) => texts.comment(actor, content),
          preview: content,
        }),
      ),
    ),
    events.subscribe('commentLiked', ({ postId, commentAuthorId, likerId }, { id }) =>
      notifier.notify({
        id,
        recipientId: commentAuthorId,
        actorId: likerId,
        type: 'comment_like',
        entityId: postId,
        text: (actor, texts) => texts.commentLike(actor),
      }),
    ),
    // A mention leads to its post (a comment's: the post it is on) or to its conversation, written
    // `conversation:<key>` so it is never taken for a post (the pair room of a one-to-one conversation).
    events.subscribe('mentioned', ({ targetType, postId, conversationKey, authorId, userId, text }, { id }) => {
      const tell = () =>
        notifier.notify({
          id,
          recipientId: userId,
          actorId: authorId,
          type: 'mention',
          entityId: postId ?? `conversation:${conversationKey ?? ''}`,
          text: (actor, texts) => texts.mention(actor, targetType, text),
        });
      return postId ? aboutLivePost(postId, tell) : tell();
    }),
    // The author hears from the moderators why their content went; `text` ignores the moderator's name.
    events.subscribe('contentRemoved', ({ authorId, moderatorId, targetType, targetId, reason }, { id }) =>
      notifier.notify({
        id,
        recipientId: authorId,
        actorId: moderatorId,
        type: 'content_removed',
        entityId: targetId,
        text: (_, texts) => texts.contentRemoved(targetType, reason),
        detail: (texts) => texts.contentRemoved(targetType, reason),
      }),
    ),
    // Notifications about a post that is gone would lead nowhere.
    events.subscribe('postDeleted', ({ postId }) => notifier.forgetPost(postId)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
