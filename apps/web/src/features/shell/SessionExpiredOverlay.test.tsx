/** A session ended elsewhere shows the Session Expired overlay with the reason (issue 34, finding 11). */
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-signed-in';
import { fakeLiveSocket } from '../../test/fake-socket';
import { live } from '../../test/live-socket';
import { sessionExpired } from '../auth';
import { SessionExpiredOverlay } from './SessionExpiredOverlay';

vi.mock('../../lib/socket', () => import('../../test/live-socket'));

describe('the Session Expired overlay', () => {
  it('shows, with why, when the server says the session ended', async () => {
    const socket = fakeLiveSocket();
    const { store } = renderSignedIn(<SessionExpiredOverlay />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await vi.waitFor(() => expect(socket.listenerCount('sessionEnded')).toBeGreaterThan(0));
    act(() => socket.serverSends('sessionEnded', { reason: 'password_changed' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Session Expired');
    expect(dialog).toHaveTextContent('You were signed out because your password was changed.');
    expect(dialog).toHaveTextContent(/Redirecting in \d seconds/);
    expect(store.getState().session.reason).toBe('password_changed');
  });

  it('shows without a reason when a refresh was refused', async () => {
    live.socket = null;
    const { store } = renderSignedIn(<SessionExpiredOverlay />);
    act(() => {
      store.dispatch(sessionExpired());
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Your session has expired. You'll be redirected to the login page.");
    expect(screen.queryByTestId('session-end-reason')).toBeNull();
  });
});
