import type { operations, OperationResponse, UpdateMeBody } from '@plaza/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, me, signedInStore } from '../connections/testing';
import { accountApi } from './api';
import ProfileSettingsPage from './ProfileSettingsPage';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => toast.dismiss());

function renderPage() {
  const store = signedInStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ProfileSettingsPage />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

describe('profile settings', () => {
  it('saving hands the account the server returned to the session and to the cached account', async () => {
    server.once('PATCH', '/users/me', (req) => ({
      data: { success: true, user: { ...me, ...(req.body as UpdateMeBody) } } satisfies OperationResponse<typeof operations.getMe>,
    }));
    const { store, user } = renderPage();
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.type(screen.getByLabelText('Bio'), 'Poetical science.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(server.calls('PATCH', '/users/me')[0].body).toEqual({ fullName: 'Ada King', userBio: 'Poetical science.' });
    expect(store.getState().auth.userDetails).toMatchObject({ fullName: 'Ada King', userBio: 'Poetical science.' });
    await vi.waitFor(() => expect(accountApi.endpoints.me.select()(store.getState()).data?.fullName).toBe('Ada King'));
  });

  it("a refused save keeps the session as it was and says the server's words", async () => {
    server.once('PATCH', '/users/me', failure(400, 'That name is not allowed.'));
    const { store, user } = renderPage();
    await user.type(screen.getByLabelText('Full name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('That name is not allowed.')).toBeInTheDocument();
    expect(store.getState().auth.userDetails?.fullName).toBe('Ada Lovelace');
  });
});
