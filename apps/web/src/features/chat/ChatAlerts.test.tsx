import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GroupConversation, GroupMessage } from '@plaza/contract';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ME as SIGNED_IN, renderSignedIn } from '../../test/render-signed-in';
import { answerEvery } from '../../test/stub-server';
import { ChatAlerts } from './ChatAlerts';
import { groupOpened } from './chatSlice';
import { at, BOB, CAROL, fakeSocket, ME, message, person, publicUser } from './test-chat';
import { live } from '../../test/live-socket';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

const bob = person(BOB, 'Bob Stone');
const page = (people: Array<typeof bob>) => ({
  status: 200,
  data: {
    success: true,
    data: people.map((p) => ({ user: publicUser(p), lastMessage: message('m1', 1), unreadCount: 1 })),
    pagination: { currentPage: 1, limit: 100, total: people.length, totalPages: 1, hasMore: false },
  },
});

describe('chat alerts', () => {
  it('names someone writing for the first time even when the list read on reconnect was answered before their message', async () => {
    const socket = fakeSocket();
    live.socket = socket.socket;
    let answerStale: () => void = () => {};
    let reads = 0;
    answerEvery(async ({ url }) => {
      if (url !== '/chats/conversations') return { status: 404, data: { success: false } };
      reads += 1;
      // The read the reconnect starts: the server answers it, but only as the message arrives.
      if (reads === 2) await new Promise<void>((resolve) => (answerStale = resolve));
      // Every later read begins after the message was stored.
      return page(reads > 2 ? [bob] : []);
    });
    renderSignedIn(
      <>
        <ChatAlerts />
        <Toaster />
      </>,
      { ...SIGNED_IN, _id: ME },
    );
    await vi.waitFor(() => expect(reads).toBe(1));
    // The list follows the socket; a connect (here, a reconnect) reads it again.
    await vi.waitFor(() => expect(socket.listenerCount('connect')).toBeGreaterThan(0));
    act(() => socket.setConnected(true));
    await vi.waitFor(() => expect(reads).toBe(2));

    act(() => socket.serverSends('receiveMessage', message('m2', 2, { messageText: 'Coffee later?' })));
    act(() => answerStale());

    const toast = await screen.findByRole('status', { name: 'Message from Bob Stone' });
    expect(toast).toHaveTextContent('Coffee later?');
  });

  describe('of group messages', () => {
    const TRIP = '00000000-0000-4000-8000-0000000000f1';
    const WORK = '00000000-0000-4000-8000-0000000000f2';
    const me = person(ME, 'Me Myself');
    const carol = person(CAROL, 'Carol King');
    const groupOf = (id: string, name: string, muted: boolean): GroupConversation => ({
      kind: 'group',
      _id: id,
      name,
      photo: null,
      members: [me, bob, carol].map(publicUser),
      unreadCount: 0,
      muted,
      lastMessage: said(id, 'g0', 'hello'),
      createdBy: ME,
      admins: [ME],
      reads: [],
      createdAt: at(0),
    });
    function said(conversationId: string, id: string, messageText: string, over: Partial<GroupMessage> = {}): GroupMessage {
      return {
        _id: id,
        conversationId,
        senderId: BOB,
        messageText,
        createdAt: at(1),
        kind: 'text',
        system: null,
        seq: 1,
        clientMessageId: null,
        linkPreview: null,
        mentions: [],
        ...over,
      };
    }

    /** Where the app is: the toast's buttons navigate. */
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }

    async function renderAlerts() {
      const socket = fakeSocket();
      live.socket = socket.socket;
      const groups = [groupOf(TRIP, 'Trip', false), groupOf(WORK, 'Work', true)];
      answerEvery(({ url }) => {
        // A group the list has not heard of is asked for on its own: the same groups either way.
        const one = groups.find((g) => url === `/chats/groups/${g._id}`);
        if (one) return { status: 200, data: { success: true, conversation: one } };
        if (url !== '/chats/conversations') return { status: 404, data: { success: false } };
        return {
          status: 200,
          data: {
            success: true,
            data: groups,
            pagination: { currentPage: 1, limit: 100, total: 2, totalPages: 1, hasMore: false },
          },
        };
      });
      const view = renderSignedIn(
        <>
          <ChatAlerts />
          <Where />
          <Toaster />
        </>,
        { ...SIGNED_IN, _id: ME },
      );
      await vi.waitFor(() => expect(socket.listenerCount('groupMessage')).toBeGreaterThan(0));
      // The groups come with the conversations list.
      await vi.waitFor(() => expect(socket.listenerCount('conversationUpdate')).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 50));
      return { socket, store: view.store };
    }

    it('toasts "Bob in Trip" with the text, Reply opens the group, and the open group toasts no more', async () => {
      const { socket, store } = await renderAlerts();
      act(() => socket.serverSends('groupMessage', { conversationId: TRIP, message: said(TRIP, 'g1', 'Train at nine') }));
      const toast = await screen.findByRole('status', { name: 'Message from Bob Stone in Trip' });
      expect(toast).toHaveTextContent('Train at nine');
      // A click alone: sonner's swipe handling wants pointer capture, which jsdom lacks.
      fireEvent.click(within(toast).getByRole('button', { name: 'Reply' }));
      expect(screen.getByTestId('where')).toHaveTextContent(`/chat/g/${TRIP}`);

      // The chat screen opened it (ChatPage says so): what arrives there is read there.
      act(() => void store.dispatch(groupOpened(TRIP)));
      act(() => socket.serverSends('groupMessage', { conversationId: TRIP, message: said(TRIP, 'g2', 'Platform 4') }));
      await new Promise((r) => setTimeout(r, 100));
      expect(screen.queryByText('Platform 4')).not.toBeInTheDocument();
    });

    it('toasts nothing for a muted group, one’s own message or a system line', async () => {
      const { socket } = await renderAlerts();
      act(() => {
        socket.serverSends('groupMessage', { conversationId: WORK, message: said(WORK, 'w1', 'Muted news') });
        socket.serverSends('groupMessage', { conversationId: TRIP, message: said(TRIP, 'g2', 'Mine', { senderId: ME }) });
        socket.serverSends('groupMessage', {
          conversationId: TRIP,
          message: said(TRIP, 'g3', 'Bob renamed the group', { kind: 'system' }),
        });
      });
      await new Promise((r) => setTimeout(r, 100));
      for (const text of ['Muted news', 'Mine', 'Bob renamed the group']) expect(screen.queryByText(text)).not.toBeInTheDocument();
      // The same group unmuted would have shown it: the list was there all along.
      act(() => socket.serverSends('groupMessage', { conversationId: TRIP, message: said(TRIP, 'g4', 'Not muted') }));
      expect(await screen.findByText('Not muted')).toBeInTheDocument();
    });
  });
});
