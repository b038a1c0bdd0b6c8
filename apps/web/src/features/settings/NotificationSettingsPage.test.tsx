import type { NotificationPreferences } from '@plaza/contract';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../i18n/setup';
import { fakeServer, signedInStore } from '../connections/testing';
import NotificationSettingsPage from './NotificationSettingsPage';

const on = { inApp: true, push: true, email: false };
const preferences: NotificationPreferences = {
  kinds: { messages: on, requests: on, comments: on, reactions: on, mentions: on },
  hidePreviews: false,
  quietHours: { start: '22:00', end: '07:00' },
  digest: 'off',
  timeZone: 'Europe/Madrid',
  pushWhileActive: false,
};

beforeEach(() => {
  fakeServer().on('GET', '/users/me/notification-preferences', { data: { success: true, preferences } });
});
afterEach(() => switchLanguage('en'));

function renderPage() {
  render(
    <Provider store={signedInStore()}>
      <MemoryRouter>
        <NotificationSettingsPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('notification settings in the account language', () => {
  it('read in English, as written', async () => {
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Friend requests: Email' })).not.toBeChecked();
    expect(screen.getByText('Nothing is pushed between these times (Europe/Madrid).')).toBeInTheDocument();
  });

  it('read in Spanish, every kind and channel included', async () => {
    await switchLanguage('es');
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Solicitudes de amistad: Correo' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Resumen por correo' })).toBeInTheDocument();
    expect(screen.getByText('No se envía nada entre estas horas (Europe/Madrid).')).toBeInTheDocument();
  });
});
