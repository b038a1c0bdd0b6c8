/**
 * Domain events: what happened, told by the feature that made it happen. Other features subscribe
 * (notifications, the feed's timeline, the realtime bridge); the publisher never knows who listens and
 * never waits for them. Two ways to tell (docs/decisions/outbox.md):
 *
 * - `record(trx, …)` for the events whose consequences are stored state (timelines, notifications,
 *   `DurableEventName`): the event is written to the outbox inside the writer's transaction, so it exists
 *   exactly when the change does, and is dispatched once that transaction commits: at once by this
 *   process, and, if this process dies first or a subscriber fails, by any process's outbox poller until
 *   every subscriber has handled it. Subscribers may therefore see an event more than once, and must
 *   make a second delivery change nothing (`meta.id` is the event's identity).
 * - `publish(…)` for the rest (a post's rendering to drop, a chat message to push to sockets): in
 *   memory, now, at most once; what they touch is rebuilt or resynced anyway, and the chat's hot path
 *   pays no database write for them.
 *
 * Handlers that return a promise run on in the background: the request that told of the event answers
 * without them, and a failure is logged, never thrown back at the publisher, so a stored change is
 * never reported as failed because a side effect was. `settled()` waits for whatever is still running
 * (shutdown, and tests that look at side effects).
 */
import type {
  ConnectionStatus,
  GroupConversation,
  GroupMessage,
  LinkPreview,
  LinkPreviewTarget,
  Message,
  PostMedia,
  Notification,
  ReactionType,
  ReportTargetType,
  SessionEndReason,
} from '@plaza/contract';
import type { Db } from '../db';
import { newId } from './ids';
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

  // auth
  /** A new account was created (its address is not verified yet). */
  accountCreated: { userId: string };
  /**
   * Sessions of `userId` ended (logout, password change, a reused refresh token, a suspension, an
   * account deletion): the listed ones, or every one but `exceptSessionId` when `sessionIds` is absent.
   * The realtime module disconnects their sockets on every server.
   */
  sessionsRevoked: { userId: string; sessionIds?: string[]; exceptSessionId?: string; reason?: SessionEndReason };
  /** `userId` signed in from a browser and address pair never seen on the account: its owner gets a notice. */
  signedInFromNewDevice: { userId: string; sessionId: string; userAgent: string | null; address: string | null; at: string };
  /** `userId` added a passkey: its owner gets a notice (a passkey signs in without the password). */
  passkeyAdded: { userId: string; name: string; at: string };
  /** `userId` switched two-factor sign-in on or off: its owner gets a notice. */
  twoFactorChanged: { userId: string; enabled: boolean; at: string };

  // users
  /** What others see of a person (name, picture, bio) changed. */
  profileChanged: { userId: string };
  /**
   * What only the person sees of their account (their address, whether it is verified, their role)
   * changed. Recorded when it is changed outside a request (the command line), so a running server hears it.
   */
  accountChanged: { userId: string };
  /**
   * A person was suspended or their account deleted: whether others may reach them changed. Whoever
   * lifts a suspension or changes `suspended_until` otherwise publishes it too (kept permissions drop it).
   */
  accountStandingChanged: { userId: string };

  // safety
  /** `blockerId` blocked or unblocked `blockedId`. */
  blockChanged: { blockerId: string; blockedId: string };

  // posts
  /** A post was stored, and its author's friends after `after` (in id order) have yet to get it on their timelines. */
  postPublished: { postId: string; authorId: string; after: string };
  /** A post is gone, with everything stored beside it. */
  postDeleted: { postId: string; authorId: string };
  /**
   * What a feed page of these readers (absent: of anyone) is read from changed and has committed: their
   * timeline rows or sizes, their marks on them, whom they mute. Cached feed pages drop it (cache/feed-page-cache.ts).
   */
  feedPagesChanged: { readerIds?: string[] };
  /** A new post is on these readers' timelines (its author's friends); told to them live, never relayed. */
  postReachedReaders: { postId: string; authorId: string; readerIds: string[] };
  /**
   * A post was stored: federation sends it to the author's friends on other servers. Recorded with the post, so a
   * process that dies right after the commit still has it sent (by another process, or once it is back).
   */
  postCreated: { postId: string; authorId: string };
  /** The author edited a post (recorded with the edit, as `postCreated`). */
  postEdited: { postId: string; authorId: string };
  /** A post was stored with an uploaded video still to make playable (recorded with the post; a `video` job does it). */
  postVideoUploaded: { postId: string; sourceKey: string; sniffed: 'mp4' | 'webm'; name: string };
  /** A post's video is ready or failed: its media as now presented, to tell `userIds` (its author and their friends) live. */
  postMediaStored: { postId: string; media: PostMedia[]; userIds: string[] };

  // stories
  /** A video story was stored with its upload still to make playable (recorded with the story; a `storyVideo` job does it). */
  storyVideoUploaded: { storyId: string; sourceKey: string; sniffed: 'mp4' | 'webm'; name: string };
  /** A story's video is ready (`status` absent) or failed: to tell `userIds` (its author, and friends once it plays) live. */
  storyMediaStored: { storyId: string; authorId: string; status?: 'failed'; userIds: string[] };

  // reactions and comments
  /** A post's counters moved (a reaction toggled, a comment added or deleted). */
  postChanged: { postId: string };
  /** A post's reaction or comment counters moved here (not relayed: the server that moved them tells the sockets). */
  postCountsChanged: { postId: string; actorId?: string };
  /** `actorId` added the reaction `kind` to a post of `postAuthorId`. */
  reactionAdded: { postId: string; postAuthorId: string; actorId: string; kind: ReactionType };
  /** `actorId` took back the reaction `kind` from a post of `postAuthorId` (in memory, once it committed). */
  reactionRemoved: { postId: string; postAuthorId: string; actorId: string; kind: ReactionType };
  commentAdded: { commentId: string; postId: string; postAuthorId: string; authorId: string; content: string };
  /**
   * A comment of `authorId` was deleted by `deletedBy` (them or the post's author; absent: a moderator).
   * Recorded only where federation is on.
   */
  commentDeleted: { commentId: string; postId: string; postAuthorId: string; authorId: string; deletedBy?: string };
  /** `likerId` liked a comment of `commentAuthorId` on the post `postId`. */
  commentLiked: { commentId: string; postId: string; commentAuthorId: string; likerId: string };

  // chat
  /** `firstInConversation`: the pair had never talked before (presence audiences grow). */
  /** `originSocketId`: the sender's socket that sent it over `sendMessage`, which has it in its ack already. */
  messageStored: {
    room: string;
    senderId: string;
    receiverId: string;
    message: Message;
    firstInConversation?: boolean;
    originSocketId?: string;
  };
  /**
   * Someone here wrote to a person of another server: federation sends it there as a direct Note. Recorded
   * only where federation is on.
   */
  messageToRemote: { messageId: string; senderId: string; receiverId: string; text: string; createdAt: string };
  messagesRead: { room: string; readerId: string; otherId: string; readAt: string };
  /** A message or system line of a group was stored; `userIds` are the members it reaches (blocks left out), its sender included. */
  groupMessageStored: { conversationId: string; message: GroupMessage; userIds: string[] };
  /** A member read a group up to `messageId`; `userIds` are the members told (blocks left out). */
  groupRead: { conversationId: string; userId: string; messageId: string; seq: number; userIds: string[] };
  /** A group changed: each member's view of it, to send to that member alone. */
  groupUpdated: { views: Array<{ userId: string; conversation: GroupConversation }> };
  /** People are no longer in a group (they left or were removed): delivery to them has stopped. */
  groupLeft: { conversationId: string; userIds: string[]; reason: 'left' | 'removed' };

  // link previews
  /** A post, comment or message was stored whose first link should get a card (its author did not remove it). */
  /** `scope` helps the owner find the text again (a message's conversation); it comes back with the card. */
  linkPreviewWanted: { targetType: LinkPreviewTarget; targetId: string; scope?: string; url: string };
  /** The card for such a text was made; the feature that owns the text stores it. */
  linkPreviewMade: { targetType: LinkPreviewTarget; targetId: string; scope?: string; linkPreview: LinkPreview };
  /** A card was stored on its text; `userIds` are the people who can see that text, told live. */
  linkPreviewStored: { targetType: LinkPreviewTarget; targetId: string; linkPreview: LinkPreview; userIds: string[] };

  // mentions
  /**
   * A post, comment or message newly mentions `userId`, who can read it (modules/mentions). `postId`: the post it is
   * or is on; `conversationKey`: a message's conversation.
   */
  mentioned: {
    targetType: 'post' | 'comment' | 'message';
    targetId: string;
    postId: string | null;
    conversationKey: string | null;
    authorId: string;
    userId: string;
    text: string;
  };

  // push
  /** `userId` added or lost a device to push to (subscribed, unsubscribed, or its push service said it is gone). */
  pushDevicesChanged: { userId: string };

  // moderation
  /** A moderator removed `authorId`'s content for `reason`. */
  contentRemoved: {
    authorId: string;
    moderatorId: string;
    targetType: Exclude<ReportTargetType, 'user'>;
    targetId: string;
    reason: string;
  };

  // notifications
  /** A notification row was stored for `recipientId`; `notification` is its presented form. */
  notificationCreated: { recipientId: string; notification: Notification };
}

export type EventName = keyof DomainEvents;

/** The events whose consequences are stored (timelines, notifications): recorded in the outbox, see above. */
export type DurableEventName =
  | 'friendshipChanged'
  | 'friendRequestSent'
  | 'friendRequestAccepted'
  | 'friendRequestCancelled'
  | 'friendRequestDeclined'
  | 'postPublished'
  | 'postDeleted'
  | 'postCreated'
  | 'postEdited'
  | 'postVideoUploaded'
  | 'storyVideoUploaded'
  | 'reactionAdded'
  | 'commentAdded'
  | 'commentDeleted'
  | 'messageToRemote'
  | 'commentLiked'
  | 'contentRemoved'
  | 'mentioned'
  | 'accountChanged';

/** What a handler knows of the event besides its payload. */
export interface EventMeta {
  /** The event's identity: the same on every delivery of one recorded event (time-ordered, like every id). */
  id: string;
}

/** A published event's meta: its id is made only if a handler asks for it, as few do (it identifies recorded events). */
class PublishedMeta implements EventMeta {
  #id: string | undefined;
  get id(): string {
    return (this.#id ??= newId());
  }
}

export type EventHandler<K extends EventName> = (payload: DomainEvents[K], meta: EventMeta) => void | Promise<void>;

/** Where recorded events go: the outbox (src/outbox/), attached when the app is built. */
export interface EventRecorder {
  record<K extends DurableEventName>(trx: Db, name: K, payload: DomainEvents[K]): Promise<void>;
}

export class EventBus {
  private readonly handlers = new Map<EventName, Set<EventHandler<never>>>();
  private readonly running = new Set<Promise<void>>();
  private recorder: EventRecorder | null = null;
  private readonly relayWatchers = new Set<(listening: boolean) => void>();
  private relayListening = true;

  constructor(private readonly log: Logger) {}

  /** In memory, to this process's subscribers, now (see the top of this file for which events). */
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): void {
    const handlers = this.handlers.get(name) as Set<EventHandler<K>> | undefined;
    if (!handlers) return;
    const meta = new PublishedMeta();
    for (const handler of [...handlers]) {
      try {
        const result = handler(payload, meta);
        if (result) this.track(result.catch((err: unknown) => this.failed(name, err)));
      } catch (err) {
        this.failed(name, err);
      }
    }
  }

  /**
   * Writes the event into the outbox within `trx` (the writer's transaction), to be dispatched once it
   * commits. Await it inside the transaction, like any statement.
   */
  record<K extends DurableEventName>(trx: Db, name: K, payload: DomainEvents[K]): Promise<void> {
    if (!this.recorder) throw new Error(`No outbox is attached to record '${name}'.`);
    return this.recorder.record(trx, name, payload);
  }

  useRecorder(recorder: EventRecorder): void {
    this.recorder = recorder;
  }

  /**
   * Runs every subscriber of a recorded event and resolves once all of them are done; rejects when any
   * failed (each failure is logged), so the outbox tries the event again later.
   */
  async deliver<K extends EventName>(name: K, payload: DomainEvents[K], meta: EventMeta): Promise<void> {
    const handlers = [...((this.handlers.get(name) as Set<EventHandler<K>> | undefined) ?? [])];
    const results = await Promise.allSettled(handlers.map(async (handler) => handler(payload, meta)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    for (const err of failures) this.failed(name, err);
    if (failures.length) throw new AggregateError(failures, `${failures.length} subscriber(s) of '${name}' failed`);
  }

  /**
   * Whether this server hears the relayed events other servers publish (lib/event-relay.ts; always true
   * with one server). What is kept in memory on the strength of hearing every change must not be kept
   * while it is false.
   */
  get hearsOtherServers(): boolean {
    return this.relayListening;
  }

  /** Told by the relay when it starts or stops hearing other servers. */
  setRelayListening(listening: boolean): void {
    if (listening === this.relayListening) return;
    this.relayListening = listening;
    for (const watch of [...this.relayWatchers]) watch(listening);
  }

  onRelayListening(watch: (listening: boolean) => void): () => void {
    this.relayWatchers.add(watch);
    return () => void this.relayWatchers.delete(watch);
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

  /** Counts `work` as running until it settles (for `settled()`); it must not reject. */
  track(work: Promise<void>): void {
    const run: Promise<void> = work.finally(() => {
      this.running.delete(run);
    });
    this.running.add(run);
  }

  private failed(event: EventName, err: unknown): void {
    this.log.error({ err, event }, 'a domain event handler failed; the change that published it stands');
  }
}
