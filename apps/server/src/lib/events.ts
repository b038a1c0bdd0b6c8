/**
 * Domain events. Services publish after their write commits; the realtime module subscribes and
 * turns them into socket emits. Services never touch socket.io.
 */
import { EventEmitter } from 'node:events';

export interface DomainEvents {
  /** A notification row was stored for `recipientId`; `notification` is its presented form. */
  notificationCreated: { recipientId: string; notification: unknown };
  /** `userIds[0]` changed their connection with `userIds[1]`; `status` is how `userIds[0]` now sees it (a ConnectionStatus). */
  friendshipChanged: { userIds: [string, string]; status: string };
  /** `firstInConversation`: the pair had never talked before (presence audiences grow). */
  messageStored: { room: string; senderId: string; receiverId: string; message: unknown; firstInConversation?: boolean };
  messagesRead: { room: string; readerId: string; otherId: string; readAt: string };
  /** A post's counters moved (a reaction toggled, a comment added or deleted). */
  postChanged: { postId: string };
  /** What others see of a person (name, picture, bio) changed. */
  profileChanged: { userId: string };
}

export class EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: true });

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  subscribe<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, handler);
    return () => this.emitter.off(name, handler);
  }
}
