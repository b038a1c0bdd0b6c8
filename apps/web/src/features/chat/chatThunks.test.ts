import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatApi } from '../../api/chat';
import reducer, { fetchMessages, selectUser, sendChatMessage } from './chatSlice';

vi.mock('../../api/chat', () => ({ chatApi: { history: vi.fn(), send: vi.fn() } }));

const history = vi.mocked(chatApi.history);
const send = vi.mocked(chatApi.send);
const BOB = { _id: 'bob', userName: 'bob', fullName: 'Bob', userImage: null, userBio: null };
const networkDown = Object.assign(new Error('Network Error'), { isAxiosError: true });

const makeStore = () => configureStore({ reducer: { chat: reducer } });

beforeEach(() => {
  vi.useFakeTimers();
  history.mockReset();
  send.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('history load', () => {
  it('retries three times, 1 s, 2 s and 4 s apart, then shows the SPEC text', async () => {
    history.mockRejectedValue(networkDown);
    const store = makeStore();
    store.dispatch(selectUser(BOB));
    const done = store.dispatch(fetchMessages({ currentUserId: 'me', otherUserId: 'bob' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(history).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(history).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(history).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(history).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(history).toHaveBeenCalledTimes(4);
    expect(store.getState().chat.messagesError).toBe('Failed to load messages. Please try again.');
  });

  it('succeeds on a retry without showing an error', async () => {
    history.mockRejectedValueOnce(networkDown).mockResolvedValueOnce([]);
    const store = makeStore();
    store.dispatch(selectUser(BOB));
    const done = store.dispatch(fetchMessages({ currentUserId: 'me', otherUserId: 'bob' }));
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(store.getState().chat.messagesStatus).toBe('succeeded');
    expect(store.getState().chat.messagesError).toBeNull();
  });
});

describe('send', () => {
  const arg = { sender: { _id: 'me', userName: 'me' }, receiver: BOB, text: 'hi', clientMessageId: 'c-1' };

  it('retries twice a second apart with the same clientMessageId, then fails', async () => {
    send.mockRejectedValue(networkDown);
    const store = makeStore();
    const done = store.dispatch(sendChatMessage(arg));
    await vi.advanceTimersByTimeAsync(2000);
    const result = await done;
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(send.mock.calls.map(([body]) => body.clientMessageId))).toEqual(new Set(['c-1']));
    expect(result.payload).toBe('Failed to send message. Please try again.');
  });

  it('does not retry a message the server refused', async () => {
    send.mockRejectedValue(Object.assign(new Error('Bad Request'), { isAxiosError: true, response: { status: 400 } }));
    const store = makeStore();
    await store.dispatch(sendChatMessage(arg));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
