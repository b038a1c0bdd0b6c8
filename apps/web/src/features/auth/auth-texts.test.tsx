/** The public screens read in the browser's language, with no i18next: Spanish, and Arabic right to left. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthNavProvider, type AuthNav } from './auth-nav';
import { loadAuthTexts, ta } from './auth-texts';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

function show(page: React.ReactNode) {
  const nav: AuthNav = { navigate: vi.fn(), returnTo: '/feeds', signedIn: vi.fn(), dark: false, toggleTheme: vi.fn() };
  render(<AuthNavProvider value={nav}>{page}</AuthNavProvider>);
}

afterEach(() => loadAuthTexts('en'));

describe('the public screens in the browser language', () => {
  it('shows the login in Spanish, its checks included', async () => {
    await loadAuthTexts('es');
    show(<LoginPage />);
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hola de nuevo');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('Escribe tu contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
    expect(document.title).toContain('Iniciar sesión');
  });

  it('shows the signup in Arabic, right to left, with the limits in its texts', async () => {
    await loadAuthTexts('ar');
    show(<SignupPage />);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('أنشئ حسابك');
    expect(screen.getByText('8 أحرف على الأقل')).toBeInTheDocument();
    expect(screen.getByText('من 3 إلى 30 من الحروف أو الأرقام أو _ أو .')).toBeInTheDocument();
  });

  it('reads English for a key the catalog lacks, and English again when asked', async () => {
    await loadAuthTexts('es');
    expect(ta('passwordMin', { min: 8 })).toBe('La contraseña debe tener al menos 8 caracteres');
    await loadAuthTexts('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(ta('passwordMin', { min: 8 })).toBe('Password must be at least 8 characters');
  });
});
