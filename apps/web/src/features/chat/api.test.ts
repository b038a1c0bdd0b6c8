import { CHAT_HISTORY_MAX_LIMIT, PAGE_SIZES, pairRoom, type Message } from '@plaza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { resetAuth } from '../auth';
import { chatApi, type SendArgs } from './api';
import { catchUpCursor, historyMessages } from './chat-cache';
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
type Params = Request['params'];

/**
 * The server's history: with `after`, the first `limit` messages stored after that one (by seq), or with an
 * id after it when that message is gone; otherwise all of them.
 */
function historyAnswer(stored: readonly Message[], params: Params): Answer {
  const after = params.after;
  if (typeof after !== 'string') return ok(stored);
  const from = stored.find((m) => m._id === after)?.seq;
  const later = from === undefined ? stored.filter((m) => m._id > after) : stored.filter((m) => m.seq > from);
  return ok(later.sort((x, y) => x.seq - y.seq).slice(0, Number(params.limit ?? CHAT_HISTORY_MAX_LIMIT)));
}
const afters = (requests: readonly Request[]) => requests.filter((r) => r.params.after).map((r) => r.params.after);
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

  it('after a reconnect it asks for what was stored after the newest message it holds: every missed one once, in order', async () => {
    let stored = [message('m1', 1)];
    const { store, socket, requests } = setup(({ url, params }) => (url === historyPath ? historyAnswer(stored, params) : undefined));
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

  it('starts a catch-up at the held message with the highest seq up to which it holds them all', () => {
    const history = (messages: ChatMessage[], through?: number) => ({
      pages: [{ messages, hasOlder: false, through }],
      pageParams: [null],
    });
    expect(catchUpCursor(undefined)).toBeUndefined();
    expect(catchUpCursor(history([message('a', 1), message('b', 2), message('d', 4)], 2))).toBe('b');
    // Ids do not say the order messages were stored in: one minted earlier may have been stored later.
    expect(catchUpCursor(history([message('z', 1), message('y', 2)], 2))).toBe('y');
    expect(catchUpCursor(history([message('a', 1), { ...message('p', 2), pending: true }], 1))).toBe('a');
    expect(catchUpCursor(history([message('a', 3)], 2))).toBeUndefined();
  });

  it('a push that overtook an earlier message is not where the catch-up starts', async () => {
    // m20 was stored before m30 on another node, but its push came later, after the socket dropped.
    const [held, overtaken, overtaking] = [message('m10', 1), message('m20', 2), message('m30', 3)];
    let stored = [held];
    const { store, socket, requests } = setup(({ url, params }) => (url === historyPath ? historyAnswer(stored, params) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    stored = [held, overtaken, overtaking];
    socket.serverSends('receiveMessage', overtaking);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m10', 'm30']));
    socket.setConnected(false);
    socket.setConnected(true);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m10', 'm20', 'm30']));
    expect(afters(requests)).toEqual(['m10']);
  });

  it('our own sends answered while the socket was down do not move the catch-up past what the other person wrote meanwhile', async () => {
    const [held, theirs, first, second] = [
      message('m01', 1, { seq: 1 }),
      message('m60', 60, { seq: 2 }),
      mine('m65', 65, { clientMessageId: 'c-65', seq: 3 }),
      mine('m80', 80, { clientMessageId: 'c-80', seq: 4 }),
    ];
    let stored = [held];
    let reply = first;
    const { store, socket, requests } = setup(({ url, params }) => {
      if (url === historyPath) return historyAnswer(stored, params);
      if (url === '/chats/send') return { status: 201, data: reply };
    });
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.setConnected(false);
    // Bob writes while our socket is down; we send twice over HTTP, 5 and 20 s later.
    stored = [held, theirs, first];
    await store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-65')));
    stored = [held, theirs, first, second];
    reply = second;
    await store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-80')));
    expect(idsOf(store)).toEqual(['m01', 'm65', 'm80']);
    socket.setConnected(true);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m01', 'm60', 'm65', 'm80']));
    expect(afters(requests)).toEqual(['m01']);
    // Now everything up to our last send is held: the next catch-up starts there.
    expect(catchUpCursor(historyOf(store).data)).toBe('m80');
  });

  it('a seq that never comes (a removed message) holds the catch-up back only until the next catch-up answers past it', async () => {
    // Seq 3 was removed by a moderator: pushes of 4 and 5 do not show everything up to 5 is held.
    let stored = [message('m1', 1), message('m2', 2)];
    const { store, socket, requests } = setup(({ url, params }) => (url === historyPath ? historyAnswer(stored, params) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    stored = [...stored, message('m4', 4), message('m5', 5)];
    socket.serverSends('receiveMessage', message('m4', 4));
    socket.serverSends('receiveMessage', message('m5', 5));
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm2', 'm4', 'm5']));
    expect(catchUpCursor(historyOf(store).data)).toBe('m2');
    socket.serverSends('resync', {});
    await vi.waitFor(() => expect(afters(requests)).toEqual(['m2']));
    await vi.waitFor(() => expect(catchUpCursor(historyOf(store).data)).toBe('m5'));
    // From there on, pushes in order move it on again.
    stored = [...stored, message('m6', 6)];
    socket.serverSends('receiveMessage', message('m6', 6));
    await vi.waitFor(() => expect(catchUpCursor(historyOf(store).data)).toBe('m6'));
    socket.serverSends('resync', {});
    await vi.waitFor(() => expect(afters(requests)).toEqual(['m2', 'm6']));
  });

  it("catches up on the server's resync while the socket stays connected", async () => {
    let stored = [message('m1', 1)];
    const { store, socket, requests } = setup(({ url, params }) => (url === historyPath ? historyAnswer(stored, params) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    // Sent through another node while Redis was away: never pushed here.
    stored = [message('m1', 1), message('m2', 2)];
    socket.serverSends('resync', {});
    await vi.waitFor(() => expect(idsOf(store)).toEqual(['m1', 'm2']));
    expect(requests.at(-1)?.params).toEqual({ after: 'm1', limit: CHAT_HISTORY_MAX_LIMIT });
  });

  it('a long absence is caught up page after page, in the order the messages were stored', async () => {
    let stored = [message('m000', 0, { seq: 1 })];
    const { store, socket, requests } = setup(({ url, params }) => (url === historyPath ? historyAnswer(stored, params) : undefined));
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    socket.setConnected(false);
    const missed = Array.from({ length: CHAT_HISTORY_MAX_LIMIT + 20 }, (_, i) =>
      message(`m${String(i + 1).padStart(3, '0')}`, 10 + i, { seq: i + 2 }),
    );
    stored = [message('m000', 0, { seq: 1 }), ...missed];
    socket.setConnected(true);
    await vi.waitFor(() => expect(idsOf(store)).toEqual(stored.map((m) => m._id)));
    expect(afters(requests)).toEqual(['m000', missed[CHAT_HISTORY_MAX_LIMIT - 1]._id]);
  });
});

describe('sending', () => {
  it('the stored copy from the socket and the send’s answer show the message once (same clientMessageId)', async () => {
    const stored = mine('m9', 9, { messageText: 'hello', clientMessageId: 'c-1' });
    let answer: (a: Answer) => void = () => {};
    const { store, socket, requests } = setup(({ url }) => {
      if (url === historyPath) return ok([message('m1', 1)]);
      if (url === '/chats/send') return new Promise<Answer>((resolve) => (answer = resolve));
    });
    await store.dispatch(chatApi.endpoints.chatHistory.initiate(conversation));
    const sending = store.dispatch(chatApi.endpoints.sendChatMessage.initiate(sendArgs('c-1')));
    // Until it is stored, the message shows from the outbox (outbox.ts), not from the history.
    expect(historyMessages(historyOf(store).data).map((m) => [m._id, m.pending ?? false])).toEqual([['m1', false]]);
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
