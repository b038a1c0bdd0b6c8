import type { ConnectionChangeResponse, ConnectionStatus, ConnectionStatusResponse } from '@plaza/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectionsApi } from './api';
import { ConnectionActions } from './ConnectionActions';
import { deferred, failure, fakeServer, signedInStore, stubResizeObserver, type Reply } from './testing';

stubResizeObserver();

const bob = { _id: 'bob', fullName: 'Bob Builder' };
const statusPath = '/users/follow/connection-status/bob';
const statusAnswer = (status: ConnectionStatus): Reply => ({
  data: { success: true, targetUserId: 'bob', status } satisfies ConnectionStatusResponse,
});
const changed = (status: ConnectionStatus): Reply => ({
  data: { success: true, message: 'ok', targetUserId: 'bob', status } satisfies ConnectionChangeResponse,
});

/** Bob's button as any list shows it: fed by a cached answer that a change rewrites. */
function CachedBob() {
  const { data } = connectionsApi.endpoints.connectionStatus.useQuery('bob');
  return data ? <ConnectionActions user={bob} status={data.connectionStatus} /> : null;
}

let server: ReturnType<typeof fakeServer>;

async function renderBob(status: ConnectionStatus) {
  server.once('GET', statusPath, statusAnswer(status));
  render(
    <Provider store={signedInStore()}>
      <MemoryRouter>
        <CachedBob />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findAllByRole('button');
  return userEvent.setup();
}

beforeEach(() => {
  server = fakeServer();
});
// Toasts live in a module-wide store; one test's must not answer for the next.
afterEach(() => toast.dismiss());

describe('ConnectionActions', () => {
  it('Add friend turns into Cancel request at once, before the server answers', async () => {
    const answer = deferred<Reply>();
    server.once('POST', '/users/follow/friend-request/send', () => answer.promise);
    const user = await renderBob('not_connected');
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('button', { name: /Cancel request/ })).toBeDisabled();
    answer.resolve(changed('request_sent'));
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeEnabled();
    expect(server.calls('POST', '/users/follow/friend-request/send')[0].body).toEqual({ targetUserId: 'bob' });
  });

  it('a failed request returns to Add friend and says why in a toast', async () => {
    server.once('POST', '/users/follow/friend-request/send', failure(500, 'Something went wrong on our side.'));
    const user = await renderBob('not_connected');
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByText('Error sending friend request')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    // The toast and the rollback of the optimistic state land in separate renders.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add friend' })).toBeEnabled());
  });

  it('offers Accept and Decline for a received request; accepting makes them friends', async () => {
    server.once('POST', '/users/follow/friend-request/accept', changed('friends'));
    const user = await renderBob('request_received');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: /Friends/ })).toBeInTheDocument();
  });

  it('declining returns to Add friend', async () => {
    server.once('POST', '/users/follow/friend-request/decline', changed('not_connected'));
    const user = await renderBob('request_received');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
  });

  it('removing a friend asks first', async () => {
    server.once('POST', '/users/follow/friend-request/friend/remove', changed('not_connected'));
    const user = await renderBob('friends');
    await user.click(screen.getByRole('button', { name: /Friends/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove friend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Bob Builder from your friends?');
    expect(server.calls('POST', '/users/follow/friend-request/friend/remove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
    expect(server.calls('POST', '/users/follow/friend-request/friend/remove')).toHaveLength(1);
  });

  it('after a conflict it checks the status again and shows what is true now', async () => {
    // Bob's request is gone: meanwhile he became a friend another way.
    server.once('POST', '/users/follow/friend-request/accept', failure(409, 'There is no such request.'));
    const user = await renderBob('request_received');
    server.once('GET', statusPath, statusAnswer('friends'));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Error accepting friend request')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Friends/ })).toBeInTheDocument();
    expect(server.calls('GET', statusPath)).toHaveLength(2);
  });

  it('a status check that fails offers Retry with the text of product.md § Network and connections', async () => {
    server.once('POST', '/users/follow/friend-request/cancel', failure(409));
    const user = await renderBob('request_sent');
    server.once('GET', statusPath, failure(500));
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry).toHaveAttribute('title', 'Error fetching connection status');
    server.once('GET', statusPath, statusAnswer('not_connected'));
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
  });
});
