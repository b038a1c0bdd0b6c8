import type { SelfUser } from '@plaza/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { fakeServer, me } from '../connections/testing';
import { EmailSettings } from './EmailSettings';
import { VerifyEmailBanner } from './VerifyEmailBanner';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.on('GET', '/instance', { data: { success: true, mail: true } });
});
afterEach(() => toast.dismiss());

function renderBanner(user: SelfUser, { withCard = false } = {}) {
  server.on('GET', '/users/me', { data: { success: true, user } });
  const store = makeStore({ auth: { ...unauthenticatedState, isAuthenticated: true, accessToken: 'token', userDetails: user } });
  render(
    <Provider store={store}>
      <VerifyEmailBanner />
      {withCard && <EmailSettings user={user} />}
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

  it('after a change of address is asked for, names the new address, as the card does', async () => {
    renderBanner({ ...me, emailVerified: false }, { withCard: true });
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    server.once('POST', '/users/me/email', { status: 202, data: { success: true, message: 'Check your new inbox.' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.click(screen.getByLabelText('New email'));
    await user.paste('fresh@example.test');
    await user.click(screen.getByLabelText('Your password'));
    await user.paste('my password');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(/Open the link we sent to/)).toHaveTextContent('fresh@example.test');
    // The banner follows the same answer, a render later.
    await waitFor(() => expect(banner).toHaveTextContent('We sent a link to fresh@example.test.'));
    expect(banner).not.toHaveTextContent(me.email);
  });

  it('on a server that cannot send mail, says so and who can confirm the address', async () => {
    server.on('GET', '/instance', { data: { success: true, mail: false } });
    renderBanner({ ...me, emailVerified: false });
    // The banner shows at once; the server's answer swaps in the text for a server without mail.
    await screen.findByText(/This server cannot send mail yet/);
    const banner = screen.getByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent('This server cannot send mail yet, so no confirmation link was sent.');
    expect(banner).toHaveTextContent('An admin of this server can confirm your address for you.');
    expect(within(banner).queryByRole('button', { name: 'Send it again' })).toBeNull();
  });
});
