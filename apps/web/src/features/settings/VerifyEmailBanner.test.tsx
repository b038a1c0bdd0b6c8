import type { SelfUser } from '@plaza/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { fakeServer, me } from '../connections/testing';
import { VerifyEmailBanner } from './VerifyEmailBanner';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => toast.dismiss());

function renderBanner(user: SelfUser) {
  server.on('GET', '/users/me', { data: { success: true, user } });
  const store = makeStore({ auth: { ...unauthenticatedState, isAuthenticated: true, accessToken: 'token', userDetails: user } });
  render(
    <Provider store={store}>
      <VerifyEmailBanner />
      <Toaster />
    </Provider>,
  );
}

describe('the confirm-your-email banner', () => {
  it('asks an unconfirmed account to open its link, and sends a new one on request', async () => {
    renderBanner({ ...me, emailVerified: false });
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent(me.email);
    server.once('POST', '/users/me/verify-email', { status: 202, data: { success: true, message: 'We sent you a new link.' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send it again' }));
    expect(await screen.findByText('We sent you a new link.')).toBeInTheDocument();
    expect(server.calls('POST', '/users/me/verify-email')).toHaveLength(1);
  });

  it('stays away once the address is confirmed', async () => {
    renderBanner({ ...me, emailVerified: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
  });
});
