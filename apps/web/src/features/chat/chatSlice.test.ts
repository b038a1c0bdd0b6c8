import type { Message } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import reducer, {
  CHAT_ERRORS,
  connectionChanged,
  connectionFailed,
  fetchChatUsers,
  fetchMessages,
  initialChatState,
  markConversationRead,
  messageReceived,
  messagesReadReceived,
  onlineUsersReceived,
  pairPartner,
  selectUser,
  sendChatMessage,
  type ChatState,
  type ChatUser,
} from './chatSlice';

const ME = 'me-id';
const person = (id: string, name = id): ChatUser => ({
  _id: id,
  userName: name,
  fullName: name.toUpperCase(),
  userImage: null,
  userBio: null,
});
const BOB = person('bob');

const message = (id: string, over: Partial<Message> = {}): Message => ({
  _id: id,
  clientMessageId: null,
  messageSender: 'bob',
  messageReceiver: ME,
  messageText: `text ${id}`,
  createdAt: `2025-11-23T10:00:0${id.slice(-1)}.000Z`,
  readAt: null,
  ...over,
});

const usersPage = (page: number, ids: string[], requestId = `r${page}`) =>
  fetchChatUsers.fulfilled({ users: ids.map((id) => person(id)), page, hasMore: true }, requestId, { page });

function withPending(state: ChatState, page: number, requestId = `r${page}`): ChatState {
  return reducer(state, fetchChatUsers.pending(requestId, { page }));
}

describe('chat users', () => {
  it('page 1 replaces the list and later pages append', () => {
    let state = withPending(initialChatState, 1);
    state = reducer(state, usersPage(1, ['a', 'b']));
    state = withPending(state, 2);
    state = reducer(state, usersPage(2, ['c', 'b']));
    expect(state.users.map((u) => u._id)).toEqual(['a', 'b', 'c']);
    expect(state.usersPage).toBe(2);

    state = withPending(state, 1, 'again');
    state = reducer(state, usersPage(1, ['z'], 'again'));
    expect(state.users.map((u) => u._id)).toEqual(['z']);
  });

  it('a failed load shows the SPEC text; an answer to an older request is ignored', () => {
    let state = withPending(initialChatState, 1, 'old');
    state = withPending(state, 1, 'new');
    state = reducer(state, usersPage(1, ['stale'], 'old'));
    expect(state.users).toEqual([]);
    state = reducer(state, fetchChatUsers.rejected(null, 'new', { page: 1 }, CHAT_ERRORS.users));
    expect(state.usersStatus).toBe('failed');
    expect(state.usersError).toBe('Failed to load users. Please try again.');
  });
});

describe('messages', () => {
  const open = () => {
    let state = reducer(initialChatState, selectUser(BOB));
    state = reducer(state, fetchMessages.pending('h1', { currentUserId: ME, otherUserId: 'bob' }));
    return reducer(state, fetchMessages.fulfilled([message('m1'), message('m2')], 'h1', { currentUserId: ME, otherUserId: 'bob' }));
  };

  it('an incoming message with an _id already shown is ignored', () => {
    let state = open();
    state = reducer(state, messageReceived({ message: message('m2'), currentUserId: ME }));
    state = reducer(state, messageReceived({ message: message('m3'), currentUserId: ME }));
    state = reducer(state, messageReceived({ message: message('m3'), currentUserId: ME }));
    expect(state.messages.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('accepts the wrapped form and a sender given as an object', () => {
    let state = open();
    state = reducer(
      state,
      messageReceived({ message: { message: 'sent', data: { ...message('m4'), messageSender: { _id: 'bob' } } }, currentUserId: ME }),
    );
    expect(state.messages.at(-1)).toMatchObject({ _id: 'm4', messageSender: 'bob' });
  });

  it('selecting a user clears the messages', () => {
    const state = reducer(open(), selectUser(person('carol')));
    expect(state.messages).toEqual([]);
    expect(state.selectedUser?._id).toBe('carol');
    expect(state.messagesStatus).toBe('idle');
  });

  it('a history answer for a conversation no longer open is dropped', () => {
    let state = reducer(initialChatState, selectUser(BOB));
    state = reducer(state, fetchMessages.pending('h1', { currentUserId: ME, otherUserId: 'bob' }));
    state = reducer(state, selectUser(person('carol')));
    state = reducer(state, fetchMessages.fulfilled([message('m1')], 'h1', { currentUserId: ME, otherUserId: 'bob' }));
    expect(state.messages).toEqual([]);
  });

  it('a failed history load shows the SPEC text', () => {
    let state = reducer(initialChatState, selectUser(BOB));
    state = reducer(state, fetchMessages.pending('h1', { currentUserId: ME, otherUserId: 'bob' }));
    state = reducer(state, fetchMessages.rejected(null, 'h1', { currentUserId: ME, otherUserId: 'bob' }, CHAT_ERRORS.messages));
    expect(state.messagesError).toBe('Failed to load messages. Please try again.');
  });

  it('a message for another conversation raises its unread count instead', () => {
    let state = open();
    state = reducer(state, messageReceived({ message: message('c1', { messageSender: 'carol' }), currentUserId: ME }));
    expect(state.messages.map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(state.conversations.carol.unreadCount).toBe(1);
  });

  it('an optimistic message is replaced by the stored one, by clientMessageId', () => {
    let state = open();
    const arg = { sender: { _id: ME, userName: 'me' }, receiver: BOB, text: 'hello', clientMessageId: 'c-1' };
    state = reducer(state, sendChatMessage.pending('s1', arg));
    expect(state.messages.at(-1)).toMatchObject({ pending: true, messageText: 'hello' });
    const stored = message('m9', {
      messageSender: ME,
      messageReceiver: 'bob',
      messageText: 'hello',
      clientMessageId: 'c-1',
      createdAt: '2025-11-23T10:01:00.000Z',
    });
    state = reducer(state, messageReceived({ message: stored, currentUserId: ME }));
    state = reducer(state, sendChatMessage.fulfilled(stored, 's1', arg));
    expect(state.messages.map((m) => m._id)).toEqual(['m1', 'm2', 'm9']);
  });

  it('a failed send rolls the optimistic message back and shows the SPEC text', () => {
    let state = open();
    const arg = { sender: { _id: ME, userName: 'me' }, receiver: BOB, text: 'hello', clientMessageId: 'c-2' };
    state = reducer(state, sendChatMessage.pending('s2', arg));
    state = reducer(state, sendChatMessage.rejected(null, 's2', arg, CHAT_ERRORS.send));
    expect(state.messages.map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(state.sendError).toBe('Failed to send message. Please try again.');
  });

  it('read receipts: my messages up to readAt become read', () => {
    let state = open();
    state = reducer(state, messageReceived({ message: message('m5', { messageSender: ME, messageReceiver: 'bob' }), currentUserId: ME }));
    state = reducer(state, messageReceived({ message: message('m7', { messageSender: ME, messageReceiver: 'bob' }), currentUserId: ME }));
    state = reducer(
      state,
      messagesReadReceived({ room: 'bob-me-id', readerId: 'bob', readAt: '2025-11-23T10:00:06.000Z', currentUserId: ME }),
    );
    expect(state.messages.find((m) => m._id === 'm5')?.readAt).toBe('2025-11-23T10:00:06.000Z');
    expect(state.messages.find((m) => m._id === 'm7')?.readAt).toBeNull();
  });

  it('my own read (from this or another tab) marks their messages read and clears the badge', () => {
    let state = open();
    state = reducer(
      state,
      messagesReadReceived({ room: 'bob-me-id', readerId: ME, readAt: '2025-11-23T10:00:05.000Z', currentUserId: ME }),
    );
    expect(state.messages.every((m) => m.readAt)).toBe(true);
    expect(pairPartner('bob-me-id', ME)).toBe('bob');
    expect(pairPartner('me-id-zed', ME)).toBe('zed');
    expect(pairPartner('a-b', ME)).toBeNull();
  });

  it('marking read only covers messages the server had at that time', () => {
    let state = open();
    state = reducer(state, markConversationRead.fulfilled({ readAt: '2025-11-23T10:00:01.500Z' }, 'r', { otherUserId: 'bob' }));
    expect(state.messages.map((m) => Boolean(m.readAt))).toEqual([true, false]);
  });
});

describe('connection and presence', () => {
  it('onlineUsers replaces the online list', () => {
    let state = reducer(initialChatState, onlineUsersReceived(['a', 'b']));
    state = reducer(state, onlineUsersReceived(['c']));
    expect(state.onlineUserIds).toEqual(['c']);
  });

  it('a connection error shows the SPEC text until connected again', () => {
    let state = reducer(initialChatState, connectionFailed());
    expect(state.connectionError).toBe('Connection error. Trying to reconnect...');
    expect(state.isConnected).toBe(false);
    state = reducer(state, connectionChanged(true));
    expect(state.connectionError).toBeNull();
    expect(state.isConnected).toBe(true);
  });
});
