/**
 * Domain events: what happened, published by the feature that made it happen once its write has
 * committed. Other features subscribe (notifications, the feed's timeline, the realtime bridge); the
 * publisher never knows who listens and never waits for them.
 *
 * Handlers run as the event is published. A handler that returns a promise runs on in the background:
 * the request that published the event answers without it, and a failure is logged, never thrown back
 * at the publisher, so a stored change is never reported as failed because a side effect was.
 * `settled()` waits for whatever is still running (shutdown, and tests that look at side effects).
 */
import type { ConnectionStatus, Message, Notification, ReactionType } from '@plaza/contract';
import type { Logger } from './logger';

/** Every event, grouped by the feature that publishes it; any feature may subscribe. */
export interface DomainEvents {
  // people
  /** `userIds[0]` changed their connection with `userIds[1]`; `status` is how `userIds[0]` now sees it. */
  friendshipChanged: { userIds: [string, string]; status: ConnectionStatus };
  /** A pending friend request was stored. */
  friendRequestSent: { requestId: string; senderId: string; recipientId: string };
  /** `accepterId` accepted the request `requesterId` sent (or sent one back, which accepts it too). */
  friendRequestAccepted: { requestId: string; accepterId: string; requesterId: string };
  /** `declinerId` turned down the request `requesterId` sent. */
  friendRequestDeclined: { requestId: string; declinerId: string; requesterId: string };
  /** The sender withdrew a pending request. */
  friendRequestCancelled: { requestId: string; senderId: string; recipientId: string };

  // users
  /** What others see of a person (name, picture, bio) changed. */
  profileChanged: { userId: string };

  // posts
  /** A post is gone, with everything stored beside it. */
  postDeleted: { postId: string; authorId: string };

  // reactions and comments
  /** A post's counters moved (a reaction toggled, a comment added or deleted). */
  postChanged: { postId: string };
  /** `actorId` added the reaction `kind` to a post of `postAuthorId`. */
  reactionAdded: { postId: string; postAuthorId: string; actorId: string; kind: ReactionType };
  commentAdded: { commentId: string; postId: string; postAuthorId: string; authorId: string; content: string };
  /** `likerId` liked a comment of `commentAuthorId` on the post `postId`. */
  commentLiked: { commentId: string; postId: string; commentAuthorId: string; likerId: string };

  // chat
  /** `firstInConversation`: the pair had never talked before (presence audiences grow). */
  messageStored: { room: string; senderId: string; receiverId: string; message: Message; firstInConversation?: boolean };
  messagesRead: { room: string; readerId: string; otherId: string; readAt: string };

  // notifications
  /** A notification row was stored for `recipientId`; `notification` is its presented form. */
  notificationCreated: { recipientId: string; notification: Notification };
}

export type EventName = keyof DomainEvents;
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<EventName, Set<EventHandler<never>>>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  publish<K extends EventName>(name: K, payload: DomainEvents[K]): void {
    const handlers = this.handlers.get(name) as Set<EventHandler<K>> | undefined;
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        const result = handler(payload);
        if (result) this.track(name, result);
      } catch (err) {
        this.failed(name, err);
      }
    }
  }

  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  }

  /** Resolves once no handler is running, including those started by events published meanwhile. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private track(name: EventName, result: Promise<void>): void {
    const run: Promise<void> = result
      .catch((err: unknown) => this.failed(name, err))
      .finally(() => {
        this.running.delete(run);
      });
    this.running.add(run);
  }

  private failed(event: EventName, err: unknown): void {
    this.log.error({ err, event }, 'a domain event handler failed; the change that published it stands');
  }
}
