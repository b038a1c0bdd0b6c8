import { act, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ME as SIGNED_IN, renderSignedIn } from '../../test/render-signed-in';
import { answerEvery } from '../../test/stub-server';
import { ChatAlerts } from './ChatAlerts';
import { BOB, fakeSocket, ME, message, person, publicUser } from './test-chat';
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
});
