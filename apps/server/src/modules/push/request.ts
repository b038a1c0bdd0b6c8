/** What the push pipeline carries from an event to a device. */
import type { PushPayload } from '@plaza/contract';

/** Something that may be pushed to one person: a message, or a notification (`type` is its notification type). */
export interface PushRequest {
  recipientId: string;
  /** `message`, `group_message`, or a notification type (`friend_request`, `mention`, …). */
  type: string;
  actorId: string;
  /** Pushes with one tag replace each other on the device (`message:<senderId>`, `group:<id>`, `comments:<postId>`). */
  tag: string;
  /** A group message's group. */
  conversationId?: string;
  /** The screen a tap opens. */
  url: string;
  /** What was said (a message, a comment, a mention): shown unless the person hides previews. */
  preview?: string;
  /** A line fixed by the event itself (a reaction's emoji, a moderation notice's reason). */
  detail?: string;
}

/** One push to one device. */
export interface PushDelivery {
  subscriptionId: string;
  payload: PushPayload;
}

declare module '../../jobs/jobs' {
  interface JobPayloads {
    /** Something to push to one person, once its grouping window closed (pipeline.ts). */
    push: PushRequest;
    /** One push to one device (delivery.ts). */
    pushDelivery: PushDelivery;
  }
}
