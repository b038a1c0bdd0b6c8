import type { ConnectionChangeResponse } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peopleApi } from '../../api/people';
import { ConnectionActions } from './ConnectionActions';
import { httpError, signedInStore } from './testing';

vi.mock('../../api/people', () => ({ peopleApi: { changeConnection: vi.fn(), connectionStatus: vi.fn() } }));

const api = vi.mocked(peopleApi);

// Headless UI's anchored menus watch their button's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
const bob = { _id: 'bob', fullName: 'Bob Builder' };
const ok = (status: ConnectionChangeResponse['status']): ConnectionChangeResponse => ({
  success: true,
  message: 'ok',
  targetUserId: 'bob',
  status,
});

function renderActions(initialStatus: Parameters<typeof ConnectionActions>[0]['initialStatus']) {
  render(
    <Provider store={signedInStore()}>
      <MemoryRouter>
        <ConnectionActions user={bob} initialStatus={initialStatus} />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}

beforeEach(() => vi.resetAllMocks());

describe('ConnectionActions', () => {
  it('Add friend turns into Cancel request', async () => {
    api.changeConnection.mockResolvedValueOnce(ok('request_sent'));
    const user = renderActions('not_connected');
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeEnabled();
    expect(api.changeConnection).toHaveBeenCalledWith('send', 'bob');
  });

  it('a failed request returns to Add friend and says why in a toast', async () => {
    api.changeConnection.mockRejectedValueOnce(httpError(500, { error: 'Internal', message: 'Something went wrong on our side.' }));
    const user = renderActions('not_connected');
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByText('Error sending friend request')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add friend' })).toBeEnabled();
  });

  it('offers Accept and Decline for a received request', async () => {
    api.changeConnection.mockResolvedValueOnce(ok('friends'));
    const user = renderActions('request_received');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: /Friends/ })).toBeInTheDocument();
  });

  it('removing a friend asks first', async () => {
    api.changeConnection.mockResolvedValueOnce(ok('not_connected'));
    const user = renderActions('friends');
    await user.click(screen.getByRole('button', { name: /Friends/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove friend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Bob Builder from your friends?');
    expect(api.changeConnection).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
    expect(api.changeConnection).toHaveBeenCalledWith('remove', 'bob');
  });
});
