import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupConversation, GroupMessage, SendGroupMessageBody } from '@plaza/contract';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { applyMessageLinkPreview } from './api';
import ChatPage from './ChatPage';
import { outbox } from './outbox';
import { useOutboxDelivery } from './useOutboxDelivery';
import { answerEvery } from '../../test/stub-server';
import { at, BOB, CAROL, fakeSocket, ME, person, publicUser } from './test-chat';
import { live } from '../../test/live-socket';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const GROUP = '00000000-0000-4000-8000-0000000000f1';
const me = person(ME, 'Me Myself');
const bob = person(BOB, 'Bob Stone');
const carol = person(CAROL, 'Carol King');

function groupMessage(id: string, second: number, over: Partial<GroupMessage> = {}): GroupMessage {
  return {
    _id: id,
    conversationId: GROUP,
    senderId: BOB,
    messageText: `text ${id}`,
    createdAt: at(second),
    kind: 'text',
    system: null,
    seq: second,
    clientMessageId: null,
    linkPreview: null,
    mentions: [],
    ...over,
  };
}

const created = groupMessage('g1', 1, {
  senderId: ME,
  kind: 'system',
  messageText: 'Me Myself created the group',
  system: {
    type: 'created',
    actor: { _id: ME, userName: 'me myself', fullName: 'Me Myself' },
    users: [],
    name: 'Trip',
  },
});

function group(over: Partial<GroupConversation> = {}): GroupConversation {
  return {
    kind: 'group',
    _id: GROUP,
    name: 'Trip',
    photo: null,
    members: [me, bob, carol].map(publicUser),
    unreadCount: 0,
    muted: false,
    lastMessage: groupMessage('g3', 3),
    createdBy: ME,
    admins: [ME],
    reads: [
      { userId: ME, seq: 3 },
      { userId: BOB, seq: 3 },
      { userId: CAROL, seq: 0 },
    ],
    createdAt: at(1),
    ...over,
  };
}

function Delivery() {
  useOutboxDelivery({ _id: ME, userName: 'me myself' });
  return null;
}

beforeEach(() => outbox.clear(ME));

/**
 * The group screen at its address. `listed: false`: the conversations list does not hold the group (one is no
 * longer in it, or never was), so the screen asks `GET /chats/groups/<id>`, answered by `lookup`.
 */
function renderGroup(
  conversation = group(),
  { listed = true, lookup }: { listed?: boolean; lookup?: { status: number; data: unknown } } = {},
) {
  const socket = fakeSocket();
  live.socket = socket.socket;
  const requests = answerEvery(({ url, method, body }) => {
    if (url === '/users/network')
      return {
        status: 200,
        data: { success: true, data: [], pagination: { currentPage: 1, totalUsers: 0, limit: 10, totalPages: 1, hasMore: false } },
      };
    if (url === '/chats/conversations')
      return {
        status: 200,
        data: {
          success: true,
          data: listed ? [conversation] : [],
          pagination: { currentPage: 1, limit: 100, total: listed ? 1 : 0, totalPages: 1, hasMore: false },
        },
      };
    if (method === 'GET' && url === `/chats/groups/${GROUP}`) return lookup ?? { status: 200, data: { success: true, conversation } };
    if (method === 'GET' && url === `/chats/groups/${GROUP}/messages`)
      return {
        status: 200,
        data: {
          success: true,
          data: [created, groupMessage('g2', 2, { senderId: ME, messageText: 'Who brings the map?' }), groupMessage('g3', 3)],
        },
      };
    if (method === 'POST' && url === `/chats/groups/${GROUP}/read`) return { status: 200, data: { success: true, seq: 3 } };
    if (method === 'POST' && url === `/chats/groups/${GROUP}/messages`) {
      const { messageText, clientMessageId } = body as SendGroupMessageBody;
      const stored = groupMessage('g9', 9, { senderId: ME, messageText, clientMessageId: clientMessageId ?? null });
      socket.serverSends('groupMessage', { conversationId: GROUP, message: stored });
      return { status: 201, data: { success: true, message: stored } };
    }
    return { status: 404, data: { success: false } };
  });
  const store = makeStore({
    auth: {
      ...unauthenticatedState,
      isAuthenticated: true,
      accessToken: 'token',
      userDetails: { ...publicUser(me), email: 'me@example.test', role: 'member', emailVerified: true, language: 'en' },
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/chat/g/${GROUP}`]}>
        <Routes>
          <Route path="/chat/:userName?" element={<ChatPage />} />
          <Route path="/chat/g/:groupId" element={<ChatPage />} />
        </Routes>
        <Delivery />
      </MemoryRouter>
    </Provider>,
  );
  return { socket, requests, store, user: userEvent.setup() };
}

describe('a group conversation', () => {
  it('shows the group, who wrote what, its system lines, who is typing and who has seen', async () => {
    const { socket } = renderGroup();
    const panel = await screen.findByRole('region', { name: 'Group Trip' });
    const log = within(panel).getByRole('log');
    expect(await within(log).findByText('text g3')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(within(panel).getByText('3 members')).toBeInTheDocument();
    expect(within(log).getByText('You created the group “Trip”')).toBeInTheDocument();
    expect(within(log).getByText('Bob Stone')).toBeInTheDocument();
    // Bob read up to my message, Carol not yet; my message is not the last, so no line shows until I write again.
    expect(within(panel).queryByText(/Seen by/)).not.toBeInTheDocument();

    act(() => {
      socket.serverSends('groupTyping', { conversationId: GROUP, userId: BOB, isTyping: true });
      socket.serverSends('groupTyping', { conversationId: GROUP, userId: CAROL, isTyping: true });
    });
    expect(await within(panel).findByText('Bob and Carol are typing…')).toBeInTheDocument();
    act(() => socket.serverSends('groupTyping', { conversationId: GROUP, userId: CAROL, isTyping: false }));
    expect(await within(panel).findByText('Bob is typing…')).toBeInTheDocument();
  });

  it('sends through the outbox, then counts who has seen it', async () => {
    const { socket, requests, user } = renderGroup();
    const panel = await screen.findByRole('region', { name: 'Group Trip' });
    const input = within(panel).getByPlaceholderText('Type a message...');
    await vi.waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'See you there{Enter}');
    const log = within(panel).getByRole('log');
    await vi.waitFor(() => expect(within(log).getAllByText('See you there')).toHaveLength(1));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === `/chats/groups/${GROUP}/messages`)).toBe(true));
    expect(within(panel).queryByText(/Seen by/)).not.toBeInTheDocument();

    act(() => socket.serverSends('groupRead', { conversationId: GROUP, userId: BOB, messageId: 'g9', seq: 9 }));
    expect(await within(panel).findByText('Seen by 1')).toBeInTheDocument();
    act(() => socket.serverSends('groupRead', { conversationId: GROUP, userId: CAROL, messageId: 'g9', seq: 9 }));
    expect(await within(panel).findByText('Seen by everyone')).toBeInTheDocument();
  });

  it('says so, without a composer, once one is removed', async () => {
    const { socket } = renderGroup();
    const panel = await screen.findByRole('region', { name: 'Group Trip' });
    expect(await within(panel).findByText('text g3')).toBeInTheDocument();
    act(() => socket.serverSends('conversationRemoved', { conversationId: GROUP, reason: 'removed' }));
    expect(await within(panel).findByText(/You were removed from this group/)).toBeInTheDocument();
    expect(within(panel).queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    expect(within(panel).getByText('text g3')).toBeInTheDocument();
  });

  it('after a reload, one removed from the group still sees why and the history up to then', async () => {
    const removed = group({ gone: 'removed', reads: [], members: [me, bob].map(publicUser) });
    const { requests } = renderGroup(removed, { listed: false });
    const panel = await screen.findByRole('region', { name: 'Group Trip' });
    expect(await within(panel).findByText(/You were removed from this group/)).toBeInTheDocument();
    expect(within(panel).getByText('You are no longer in this group')).toBeInTheDocument();
    expect(await within(panel).findByText('text g3')).toBeInTheDocument();
    expect(within(panel).queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Group info' })).not.toBeInTheDocument();
    // Nothing is marked read in a group one is no longer in.
    expect(requests.some((r) => r.method === 'POST' && r.url === `/chats/groups/${GROUP}/read`)).toBe(false);
  });

  it('says a group one was never in does not exist', async () => {
    renderGroup(group(), {
      listed: false,
      lookup: { status: 404, data: { success: false, error: 'Not Found', message: 'This group does not exist.' } },
    });
    expect(await screen.findByRole('heading', { name: 'This conversation does not exist' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Group Trip' })).not.toBeInTheDocument();
  });

  it("shows its messages' mentions, and a link card that arrives after the message", async () => {
    const { store, socket } = renderGroup();
    const panel = await screen.findByRole('region', { name: 'Group Trip' });
    const log = within(panel).getByRole('log');
    expect(await within(log).findByText('text g3')).toBeInTheDocument();
    const mentions = [{ userId: CAROL, userName: 'carol', mentionedAs: 'carol' }];
    act(() =>
      socket.serverSends('groupMessage', {
        conversationId: GROUP,
        message: groupMessage('g4', 4, { messageText: 'Ask @carol', mentions }),
      }),
    );
    expect(await within(log).findByRole('link', { name: '@carol' })).toBeInTheDocument();
    const card = { url: 'https://lake.example/day', title: 'A day at the lake', description: null, image: null, siteName: 'Lake News' };
    act(() => void store.dispatch(applyMessageLinkPreview('g3', card)));
    expect(await within(log).findByRole('link', { name: /A day at the lake/ })).toHaveAttribute('href', card.url);
  });

  it('the Groups chip shows the groups alone; the open one is read, so it shows no unread count', async () => {
    const { user, requests } = renderGroup(group({ unreadCount: 2 }));
    const list = await screen.findByRole('complementary', { name: 'Conversations' });
    await user.click(within(list).getByRole('button', { name: 'Groups' }));
    const rows = within(list).getAllByRole('button', { name: /Trip/ });
    expect(rows).toHaveLength(1);
    // The group is open, so it is being read: no count shows.
    expect(within(rows[0]).queryByLabelText(/unread/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === `/chats/groups/${GROUP}/read`)).toBe(true));
  });
});
