import { describe, expect, it } from 'vitest';
import { clientEventSchemas, messageSchema, notificationSchema, serverEventSchemas, type ClientToServerEvents } from './index';

const A = '0192f0a1-0000-7000-8000-00000000000a';
const B = '0192f0a1-0000-7000-8000-00000000000b';
const room = `${A}-${B}`;

describe('socket events', () => {
  it('parse what a well-behaved client sends', () => {
    const samples: { [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]>[0] } = {
      userConnected: A,
      joinRoom: { room, userId: A, username: 'ada' },
      leaveRoom: { room, userId: A },
      sendMessage: { room, message: { _id: 'm1' }, senderId: A, receiverId: B },
      ping: { userId: A },
      typing: { room, isTyping: true },
      reauthenticate: { token: 'header.payload.signature' },
      groupTyping: { conversationId: A, isTyping: true },
      groupRead: { conversationId: A },
    };
    for (const [event, payload] of Object.entries(samples)) {
      expect(clientEventSchemas[event as keyof typeof samples].safeParse(payload).success, event).toBe(true);
    }
  });

  it('refuse junk for every client event', () => {
    for (const [event, schema] of Object.entries(clientEventSchemas)) {
      for (const junk of [null, 42, { room: 5 }, { room: 'a'.repeat(5000), userId: {} }]) {
        expect(schema.safeParse(junk).success, `${event} ${JSON.stringify(junk)}`).toBe(false);
      }
    }
  });

  it('read only the id of a message to confirm, never the text a client claims', () => {
    const parsed = clientEventSchemas.sendMessage.parse({ room, message: { _id: 'm1', messageText: 'forged' } });
    expect('message' in parsed && parsed.message).toEqual({ _id: 'm1' });
  });

  it('type server events with the entities the HTTP API answers', () => {
    expect(serverEventSchemas.receiveMessage).toBe(messageSchema);
    expect(serverEventSchemas.notification).toBe(notificationSchema);
    expect(serverEventSchemas.onlineUsers.safeParse([A, B]).success).toBe(true);
    expect(serverEventSchemas.messagesRead.safeParse({ room, readerId: A, readAt: new Date().toISOString() }).success).toBe(true);
  });
});
