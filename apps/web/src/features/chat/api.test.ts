import { CHAT_HISTORY_MAX_LIMIT, PAGE_SIZES, pairRoom, type Message } from '@plaza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { resetAuth } from '../auth';
import { catchUpCursor, chatApi, type SendArgs } from './api';
import { historyMessages } from './chat-cache';
import type { ChatMessage } from './chat-model';
import { conversationOpened } from './chatSlice';
import { presenceApi } from './presence-api';
import { answerEvery, type StubAnswer as Answer, type StubRequest as Request } from '../../test/stub-server';
import { at, BOB, CAROL, fakeSocket, ME, message, person, publicUser } from './test-chat';
import { live } from '../../test/live-socket';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const conversation = { me: ME, other: BOB };
const historyPath = `/chats/${ME}/${BOB}`;
const ROOM = pairRoom(ME, BOB);
const ok = (data: unknown): Answer => ({ status: 200, data });
const mine = (id: string, second: number, over: Partial<Message> = {}) =>
  message(id, second, { messageSender: ME, messageReceiver: BOB, ...over });
const summary = (user: string, name: string, lastMessage: Message, unreadCount: number) => ({
  user: publicUser(person(user, name)),
  lastMessage,
  unreadCount,
});

function setup(route: (request: Request) => Answer | Promise<Answer> | undefined) {
  const socket = fakeSocket();
  live.socket = socket.socket;
  const requests = answerEvery((request) => route(request) ?? { status: 404, data: { success: false, error: 'Not found' } });
  return { store: makeStore(), socket, requests };
}

const historyOf = (store: AppStore) => chatApi.endpoints.chatHistory.select(conversation)(store.getState());
const idsOf = (store: AppStore) => historyMessages(historyOf(store).data).map((m) => m._id);
const onePage = { currentPage: 1, limit: 100, total: 1, totalPages: 1, hasMore: false };
const conversationsOf = (store: AppStore) => chatApi.endpoints.chatConversations.select(ME)(store.getState()).data ?? [];
const presenceOf = (store: AppStore) => presenceApi.endpoints.chatPresence.select(ME)(store.getState()).data;

const sendArgs = (clientMessageId: string, text = 'hello'): SendArgs => ({
  sender: { _id: ME, userName: 'me' },
  receiver: person(BOB, 'Bob'),
  text,
  clientMessageId,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('chat history', () => {
  it('retries the latest history three times, 1 s, 2 s and 4 s apart, then fails', async () => {
    vi.useFakeTimers();
    const { store, requests } = setup(() => ({ status: 0 }));
    const loading = store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(requests).toHaveLength(4);
    expect(historyOf(store).isError).toBe(true);
  });

  it('succeeds on a retry without an error', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { store } = setup(() => (++calls === 1 ? { status: 0 } : ok([message('m1', 1)])));
    const loading = store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    await vi.advanceTimersByTimeAsync(1000);
    await loading;
    expect(historyOf(store).isSuccess).toBe(true);
    expect(idsOf(store)).toEqual(['m1']);
  });

  it('paging back puts the older page first, without repeating a message both pages hold', async () => {
    const latest = Array.from({ length: PAGE_SIZES.chatHistory }, (_, i) => message(`m${100 - i}`, 100 - i)).reverse();
    const older = Array.from({ length: PAGE_SIZES.chatHistory }, (_, i) => message(`m${51 - i}`, 51 - i)).reverse();
    const { store, requests } = setup(({ url, params }) => (url !== historyPath ? undefined : ok(params.before ? older : latest)));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    expect(historyOf(store).hasNextPage).toBe(true);
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation, { direction: 'forward' }));
    expect(requests.at(-1)?.params).toEqual({ before: 'm51', limit: PAGE_SIZES.chatHistory });
    const expected = Array.from({ length: 99 }, (_, i) => `m${i + 2}`);
    expect(idsOf(store)).toEqual(expected);
  });

  it('a message from the socket joins the open conversation once, however often it arrives', async () => {
    const { store, socket } = setup(({ url }) => (url === historyPath ? ok([message('m1', 1)]) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.serverSends('receiveMessage', message('m2', 2));
    socket.serverSends('receiveMessage', message('m2', 2));
    socket.serverSends('receiveMessage', message('c1', 3, { messageSender: CAROL }));
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm2']));
  });

  it('after a reconnect it asks for what came after the newest message it holds: every missed one once, in order', async () => {
    let stored = [message('m1', 1)];
    const { store, socket, requests } = setup(({ url, params }) =>
      url === historyPath ? ok(params.after ? stored.filter((m) => m._id > String(params.after)) : stored) : undefined,
    );
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.setConnected(false);
    stored = [message('m1', 1), message('m2', 2), message('m3', 3)];
    socket.setConnected(true);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm2', 'm3']));
    expect(requests.at(-1)?.params).toEqual({ after: 'm1', limit: CHAT_HISTORY_MAX_LIMIT });
    // A copy pushed again (a retried send is announced again) changes nothing.
    socket.serverSends('receiveMessage', message('m3', 3));
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm2', 'm3']));
  });

  it('catches up from ten seconds before the newest message held, since a slightly older one may be stored later', () => {
    const page = (messages: ChatMessage[]) => ({ pages: [{ messages, hasOlder: false }], pageParams: [null] });
    expect(catchUpCursor(undefined)).toBeUndefined();
    expect(catchUpCursor(page([message('a', 1), message('b', 5), message('c', 20), message('d', 25)]))).toBe('b');
    expect(catchUpCursor(page([message('a', 1), message('b', 5)]))).toBe('a');
    expect(catchUpCursor(page([message('a', 1), { ...message('p', 30), pending: true }]))).toBe('a');
  });

  it('a long absence is caught up page after page, oldest first', async () => {
    let stored = [message('m000', 0)];
    const { store, socket, requests } = setup(({ url, params }) =>
      url === historyPath
        ? ok(params.after ? stored.filter((m) => m._id > String(params.after)).slice(0, Number(params.limit)) : stored)
        : undefined,
    );
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.setConnected(false);
    const missed = Array.from({ length: CHAT_HISTORY_MAX_LIMIT + 20 }, (_, i) => message(`m${String(i + 1).padStart(3, '0')}`, 10 + i));
    stored = [message('m000', 0), ...missed];
    socket.setConnected(true);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(stored.map((m) => m._id)));
    expect(requests.filter((r) => r.params.after).map((r) => r.params.after)).toEqual(['m000', missed[CHAT_HISTORY_MAX_LIMIT - 1]._id]);
  });
});

describe('sending', () => {
  it('shows the message at once; the stored copy from the socket replaces it (same clientMessageId), once', async () => {
    const stored = mine('m9', 9, { messageText: 'hello', clientMessageId: 'c-1' });
    let answer: (a: Answer) => void = () => {};
    const { store, socket, requests } = setup(({ url }) => {
      if (url === historyPath) return ok([message('m1', 1)]);
      if (url === '/chats/send') return new Promise<Answer>((resolve) => (answer = resolve));
    });
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    const sending = store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-1')));
    expect(historyMessages(historyOf(store).data).map((m) => [m._id, m.pending ?? false])).toEqual([
      ['m1', false],
      ['pending:c-1', true],
    ]);
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/chats/send'));

    // The server announces the stored message before its HTTP answer arrives.
    socket.serverSends('receiveMessage', stored);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm9']));
    answer({ status: 201, data: stored });
    await sending;
    socket.serverSends('receiveMessage', stored);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm9']));
    expect(requests.at(-1)?.body).toEqual({
      messageSenderUsername: 'me',
      messageReceiverUsername: 'bob',
      messageContent: 'hello',
      clientMessageId: 'c-1',
    });
  });

  it('retries twice a second apart with the same clientMessageId, then rolls the message back', async () => {
    vi.useFakeTimers();
    const { store, requests } = setup(({ url }) => (url === historyPath ? ok([]) : url === '/chats/send' ? { status: 0 } : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    const sending = store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-2')));
    await vi.advanceTimersByTimeAsync(2000);
    const result = await sending;
    const sends = requests.filter((r) => r.url === '/chats/send');
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((r) => (r.body as { clientMessageId: string }).clientMessageId))).toEqual(new Set(['c-2']));
    expect('error' in result).toBe(true);
    expect(idsOf(store)).toEqual([]);
  });

  it('does not retry a message the server refused', async () => {
    const { store, requests } = setup(({ url }) => (url === '/chats/send' ? { status: 400, data: { success: false } } : undefined));
    await store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-3')));
    expect(requests.filter((r) => r.url === '/chats/send')).toHaveLength(1);
  });

  it('a first message starts the conversation in the list', async () => {
    const stored = mine('m1', 1, { clientMessageId: 'c-4' });
    const { store } = setup(({ url }) =>
      url === '/chats/conversations'
        ? ok({ success: true, data: [], pagination: onePage })
        : url === '/chats/send'
          ? { status: 201, data: stored }
          : undefined,
    );
    await store.dispatch(chatApi.endpoints.chatConversations.initiate(ME));
    await store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-4')));
    expect(conversationsOf(store)).toEqual([{ user: person(BOB, 'Bob'), lastMessage: stored, unreadCount: 0 }]);
  });
});

describe('read receipts', () => {
  it('messagesRead: my messages up to readAt show as read, later ones do not', async () => {
    const { store, socket } = setup(({ url }) => (url === historyPath ? ok([mine('m5', 5), mine('m7', 7)]) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.serverSends('messagesRead', { room: `${ROOM}x`, readerId: BOB, readAt: at(8) });
    socket.serverSends('messagesRead', { room: ROOM, readerId: BOB, readAt: at(6) });
    await vi.waitFor(() => expect(historyMessages(historyOf(store).data).map((m) => m.readAt)).toEqual([at(6), null]));
  });

  it('my own read (in this or another tab) marks their messages read and clears the unread count', async () => {
    const { store, socket } = setup(({ url }) => {
      if (url === historyPath) return ok([message('m1', 1), message('m2', 2)]);
      if (url === '/chats/conversations')
        return ok({ success: true, data: [summary(BOB, 'Bob', message('m2', 2), 2)], pagination: onePage });
    });
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    await store.dispatch(chatApi.endpoints.chatConversations.initiate(ME));
    socket.serverSends('messagesRead', { room: ROOM, readerId: ME, readAt: at(5) });
    await vi.waitFor(() => expect(historyMessages(historyOf(store).data).every((m) => m.readAt === at(5))).toBe(true));
    expect(conversationsOf(store)[0].unreadCount).toBe(0);
  });

  it('marking read covers only the messages the server had when it marked', async () => {
    const { store } = setup(({ url, method }) => {
      if (url === historyPath) return ok([message('m1', 1), message('m2', 2)]);
      if (url === '/chats/conversations')
        return ok({ success: true, data: [summary(BOB, 'Bob', message('m2', 2), 2)], pagination: onePage });
      if (method === 'POST' && url === `/chats/${BOB}/read`) return ok({ success: true, readAt: at(1.5) });
    });
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    await store.dispatch(chatApi.endpoints.chatConversations.initiate(ME));
    await store.dispatch(chatApi.endpoints.markChatRead.initiate(conversation));
    expect(historyMessages(historyOf(store).data).map((m) => m.readAt)).toEqual([at(1.5), null]);
    expect(conversationsOf(store)[0].unreadCount).toBe(0);
  });
});

describe('conversations', () => {
  it('a new message raises its conversation’s unread count once; a first message from someone new reloads the list', async () => {
    const { store, socket, requests } = setup(({ url }) =>
      url === '/chats/conversations'
        ? ok({ success: true, data: [summary(BOB, 'Bob', message('m1', 1), 0)], pagination: onePage })
        : undefined,
    );
    await store.dispatch(chatApi.endpoints.chatConversations.initiate(ME));
    socket.serverSends('receiveMessage', message('m2', 2));
    socket.serverSends('receiveMessage', message('m2', 2));
    await vi.waitFor(() => expect(conversationsOf(store)[0]).toMatchObject({ unreadCount: 1, lastMessage: { _id: 'm2' } }));
    socket.serverSends('receiveMessage', message('c1', 3, { messageSender: CAROL }));
    await vi.waitFor(() => expect(requests.filter((r) => r.url === '/chats/conversations')).toHaveLength(2));
  });

  it('my message read by them shows on the list', async () => {
    const { store, socket } = setup(({ url }) =>
      url === '/chats/conversations'
        ? ok({ success: true, data: [summary(BOB, 'Bob', mine('m1', 1), 0)], pagination: onePage })
        : undefined,
    );
    await store.dispatch(chatApi.endpoints.chatConversations.initiate(ME));
    socket.serverSends('messagesRead', { room: ROOM, readerId: BOB, readAt: at(2) });
    await vi.waitFor(() => expect(conversationsOf(store)[0].lastMessage.readAt).toBe(at(2)));
  });
});

describe('presence', () => {
  it('asks for the online list, and the server’s list replaces ours', async () => {
    const { store, socket } = setup(() => undefined);
    await store.dispatch(presenceApi.endpoints.chatPresence.initiate(ME));
    expect(socket.emitted).toContainEqual({ event: 'userConnected', args: [ME] });
    socket.serverSends('onlineUsers', [BOB, CAROL, BOB]);
    await vi.waitFor(() => expect(presenceOf(store)?.online).toEqual([BOB, CAROL]));
    socket.serverSends('onlineUsers', [CAROL]);
    await vi.waitFor(() => expect(presenceOf(store)?.online).toEqual([CAROL]));
    // Disconnected, we know nobody's presence: nobody shows online until the server's next list.
    socket.setConnected(false);
    await vi.waitFor(() => expect(presenceOf(store)?.online).toEqual([]));
    socket.setConnected(true);
    socket.serverSends('onlineUsers', [ME, CAROL]);
    await vi.waitFor(() => expect(presenceOf(store)?.online).toEqual([ME, CAROL]));
  });

  it('typing shows until it stops, goes stale after 5 s, or a message arrives; a dropped connection clears it', async () => {
    vi.useFakeTimers();
    const { store, socket } = setup(() => undefined);
    await store.dispatch(presenceApi.endpoints.chatPresence.initiate(ME));
    await vi.advanceTimersByTimeAsync(0);
    const typing = (userId: string, isTyping: boolean) => socket.serverSends('typing', { room: ROOM, userId, isTyping });

    typing(BOB, true);
    typing(ME, true);
    expect(presenceOf(store)?.typing).toEqual([BOB]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(presenceOf(store)?.typing).toEqual([BOB]);
    await vi.advanceTimersByTimeAsync(1);
    expect(presenceOf(store)?.typing).toEqual([]);

    typing(BOB, true);
    socket.serverSends('receiveMessage', message('m1', 1));
    expect(presenceOf(store)?.typing).toEqual([]);

    typing(BOB, true);
    socket.setConnected(false);
    expect(presenceOf(store)?.typing).toEqual([]);
  });
});

describe('session change', () => {
  it('signing out forgets the open conversation and every cached message, and stops listening', async () => {
    const { store, socket } = setup(({ url }) => (url === historyPath ? ok([message('m1', 1)]) : undefined));
    store.dispatch(conversationOpened(person(BOB, 'Bob')));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    expect(socket.listenerCount('receiveMessage')).toBe(1);

    store.dispatch(resetAuth());
    expect(store.getState().chat.openUser).toBeNull();
    expect(historyOf(store).data).toBeUndefined();
    await vi.waitFor(() => expect(socket.listenerCount('receiveMessage')).toBe(0));
  });
});
