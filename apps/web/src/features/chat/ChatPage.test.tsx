import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pairRoom, type Message, type SendMessageBody } from '@plaza/contract';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import ChatPage from './ChatPage';
import { outbox } from './outbox';
import { useOutboxDelivery } from './useOutboxDelivery';
import { answerEvery } from '../../test/stub-server';
import { at, BOB, fakeSocket, ME, message, person, publicUser } from './test-chat';
import { live } from '../../test/live-socket';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const bob = person(BOB, 'Bob Stone');

/** The signed-in frame sends what the outbox holds (ChatAlerts); here, beside the chat screen alone. */
function Delivery() {
  useOutboxDelivery({ _id: ME, userName: 'me myself' });
  return null;
}

beforeEach(() => outbox.clear(ME));

function renderChat({ at: entry = '/chat', conversationsDown = () => false }: { at?: string; conversationsDown?: () => boolean } = {}) {
  const socket = fakeSocket();
  live.socket = socket.socket;
  const requests = answerEvery(({ url, method, body }) => {
    if (url === '/users/network') {
      return {
        status: 200,
        data: {
          success: true,
          data: [{ ...publicUser(bob), connectionStatus: 'friends' }],
          pagination: { currentPage: 1, totalUsers: 1, limit: 10, totalPages: 1, hasMore: false },
        },
      };
    }
    if (url.startsWith('/users/u/profile/') && url.endsWith(`/visited/${encodeURIComponent(bob.userName)}`))
      return {
        status: 200,
        data: {
          success: true,
          data: { user: publicUser(bob), stats: { posts: 0, friends: 1 }, connectionStatus: 'friends', mutualFriends: 0 },
        },
      };
    if (url === '/chats/conversations' && conversationsDown()) return { status: 0 };
    if (url === '/chats/conversations')
      return {
        status: 200,
        data: { success: true, data: [], pagination: { currentPage: 1, limit: 100, total: 0, totalPages: 1, hasMore: false } },
      };
    if (url === `/chats/${ME}/${BOB}`) return { status: 200, data: [message('m1', 1, { messageText: 'Hi there' })] };
    if (method === 'POST' && url === `/chats/${BOB}/read`) return { status: 200, data: { success: true, readAt: at(1) } };
    if (url === '/chats/send') {
      const { messageContent, clientMessageId } = body as SendMessageBody;
      const stored: Message = message('m9', 9, {
        messageSender: ME,
        messageReceiver: BOB,
        messageText: messageContent,
        clientMessageId: clientMessageId ?? null,
      });
      // The server announces the stored message over the socket before it answers the request.
      socket.serverSends('receiveMessage', stored);
      return { status: 201, data: stored };
    }
    return { status: 404, data: { success: false } };
  });
  const store = makeStore({
    auth: {
      ...unauthenticatedState,
      isAuthenticated: true,
      accessToken: 'token',
      userDetails: {
        ...publicUser(person(ME, 'Me Myself')),
        email: 'me@example.test',
        role: 'member',
        emailVerified: true,
        language: 'en',
      },
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/chat/:userName?" element={<ChatPage />} />
        </Routes>
        <Delivery />
      </MemoryRouter>
    </Provider>,
  );
  return { socket, requests, user: userEvent.setup() };
}

describe('the chat screen', () => {
  it('opens a conversation, reads it, and shows live messages, typing, sends and receipts once each', async () => {
    const { socket, requests, user } = renderChat();
    expect(screen.getByText('Welcome to Chat')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Bob Stone/ }));

    const conversation = screen.getByRole('region', { name: 'Conversation with Bob Stone' });
    const log = within(conversation).getByRole('log');
    expect(await within(log).findByText('Hi there')).toBeInTheDocument();
    expect(socket.emitted).toContainEqual({ event: 'joinRoom', args: [{ room: pairRoom(ME, BOB), userId: ME, username: 'me myself' }] });
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === `/chats/${BOB}/read`)).toBe(true));

    act(() => socket.serverSends('typing', { room: pairRoom(ME, BOB), userId: BOB, isTyping: true }));
    expect(await within(conversation).findByText('typing…')).toBeInTheDocument();

    act(() => {
      socket.serverSends('receiveMessage', message('m2', 2, { messageText: 'Still there?' }));
      socket.serverSends('receiveMessage', message('m2', 2, { messageText: 'Still there?' }));
    });
    expect(await within(log).findAllByText('Still there?')).toHaveLength(1);
    expect(within(conversation).queryByText('typing…')).not.toBeInTheDocument();

    await user.type(within(conversation).getByPlaceholderText('Type a message...'), 'On my way{Enter}');
    await vi.waitFor(() => expect(within(log).queryByRole('img', { name: 'Sending' })).not.toBeInTheDocument());
    expect(within(log).getAllByText('On my way')).toHaveLength(1);
    expect(socket.emitted.some((e) => e.event === 'sendMessage')).toBe(true);

    expect(within(log).queryByRole('img', { name: 'Read' })).not.toBeInTheDocument();
    act(() => socket.serverSends('messagesRead', { room: pairRoom(ME, BOB), readerId: BOB, readAt: at(60) }));
    expect(await within(log).findByRole('img', { name: 'Read' })).toBeInTheDocument();
  });

  it('a dropped connection shows the notice of product.md § Chat; a message written meanwhile waits, then goes', async () => {
    const { socket, user } = renderChat();
    await user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
    const conversation = screen.getByRole('region', { name: 'Conversation with Bob Stone' });
    const input = within(conversation).getByPlaceholderText('Type a message...');
    await user.type(input, 'hello');
    const send = within(conversation).getByRole('button', { name: 'Send message' });
    expect(send).toBeEnabled();

    act(() => {
      socket.setConnected(false);
      socket.failToConnect();
    });
    expect(await screen.findByText('Connection error. Trying to reconnect...')).toBeInTheDocument();
    // Nothing typed is lost: it goes to the outbox, and is delivered as soon as Plaza answers.
    expect(send).toBeEnabled();
    expect(send).toHaveAttribute('title', 'Sends when the connection returns');

    act(() => socket.setConnected(true));
    await vi.waitFor(() => expect(screen.queryByText('Connection error. Trying to reconnect...')).not.toBeInTheDocument());
    expect(send).toBeEnabled();
  });

  it('a conversation opened by its address stays open, with what is typed, when the list fails to refresh offline', async () => {
    let offline = false;
    const { socket, user, requests } = renderChat({ at: `/chat/${bob.userName}`, conversationsDown: () => offline });
    const conversation = await screen.findByRole('region', { name: 'Conversation with Bob Stone' });
    const input = within(conversation).getByPlaceholderText('Type a message...');
    await user.type(input, 'on the train');

    offline = true;
    const listAsked = () => requests.filter((r) => r.url === '/chats/conversations').length;
    // Each reconnect asks for the list again; offline, every one of those fails.
    for (let i = 0; i < 3; i++) {
      const before = listAsked();
      act(() => socket.setConnected(false));
      act(() => socket.setConnected(true));
      await vi.waitFor(() => expect(listAsked()).toBe(before + 1));
      await act(() => new Promise((settle) => setTimeout(settle, 50)));
      expect(screen.getByRole('region', { name: 'Conversation with Bob Stone' })).toBe(conversation);
    }
    expect(input).toBeInTheDocument();
    expect(input).toHaveValue('on the train');
  });
});
