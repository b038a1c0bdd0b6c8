import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pairRoom, type Message, type SendMessageBody } from '@plaza/contract';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import ChatPage from './ChatPage';
import { answerEvery } from '../../test/stub-server';
import { at, BOB, fakeSocket, ME, message, person, publicUser } from './test-chat';
import { live } from '../../test/live-socket';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const bob = person(BOB, 'Bob Stone');

function renderChat() {
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
      userDetails: { ...publicUser(person(ME, 'Me Myself')), email: 'me@example.test', role: 'member', emailVerified: true },
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ChatPage />
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

  it('a dropped connection shows the SPEC notice and disables sending until it is back', async () => {
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
    expect(send).toBeDisabled();

    act(() => socket.setConnected(true));
    await vi.waitFor(() => expect(screen.queryByText('Connection error. Trying to reconnect...')).not.toBeInTheDocument());
    expect(send).toBeEnabled();
  });
});
