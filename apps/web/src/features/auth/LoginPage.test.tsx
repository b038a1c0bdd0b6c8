import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthNavProvider, type AuthNav } from './auth-nav';
import LoginPage from './LoginPage';

const CHALLENGE = 'c'.repeat(43);
const session = {
  success: true,
  user: {
    _id: 'u1',
    userName: 'ada',
    fullName: 'Ada',
    userImage: null,
    userBio: null,
    createdAt: '',
    email: 'a@b.c',
    role: 'member',
    emailVerified: true,
  },
  accessToken: 'access',
  refreshToken: 'refresh',
  isUserAuthenticated: true,
};

interface Call {
  url: string;
  body: unknown;
}

/** A stand-in for the server: answers each path from `replies`, in order, and records what was sent. */
function serve(replies: Record<string, Array<{ status: number; body: unknown }>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      const next = replies[url]?.shift() ?? { status: 500, body: {} };
      return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status }));
    }),
  );
  return calls;
}

function renderLogin() {
  const nav: AuthNav = { navigate: vi.fn(), returnTo: '/feeds', signedIn: vi.fn(), dark: false, toggleTheme: vi.fn() };
  render(
    <AuthNavProvider value={nav}>
      <LoginPage />
    </AuthNavProvider>,
  );
  return nav;
}

async function logInWithPassword() {
  await userEvent.type(screen.getByLabelText('User name or email'), 'ada');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the login page with two-factor sign-in', () => {
  it('asks for the code when the password is right, and signs in with it', async () => {
    const calls = serve({
      '/api/v1/auth/login': [{ status: 200, body: { success: true, twoFactorRequired: true, challenge: CHALLENGE } }],
      '/api/v1/auth/login/2fa': [{ status: 200, body: session }],
    });
    const nav = renderLogin();
    await logInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(nav.signedIn).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls[1]).toEqual({ url: '/api/v1/auth/login/2fa', body: { challenge: CHALLENGE, code: '123456' } });
    expect(nav.signedIn).toHaveBeenCalledWith({ kind: 'login', response: session });
  });

  it('shows why a code was refused and lets the person try a recovery code instead', async () => {
    const refused = {
      success: false,
      error: 'Bad Request',
      message: 'Invalid input',
      details: [{ path: 'code', message: 'This code is not right.' }],
    };
    const calls = serve({
      '/api/v1/auth/login': [{ status: 200, body: { success: true, twoFactorRequired: true, challenge: CHALLENGE } }],
      '/api/v1/auth/login/2fa': [
        { status: 400, body: refused },
        { status: 200, body: session },
      ],
    });
    const nav = renderLogin();
    await logInWithPassword();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not right.');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls[2].body).toEqual({ challenge: CHALLENGE, recoveryCode: 'abcde-fghjk' });
    expect(nav.signedIn).toHaveBeenCalledTimes(1);
  });

  it('signs in at once when the account has no second step', async () => {
    serve({ '/api/v1/auth/login': [{ status: 200, body: session }] });
    const nav = renderLogin();
    await logInWithPassword();
    expect(nav.signedIn).toHaveBeenCalledWith({ kind: 'login', response: session });
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});

describe('the login page refused', () => {
  it('shows the sentence the server wrote in the reader’s language, not the code clients match on', async () => {
    const refused = {
      success: false,
      error: 'Invalid user name, email or password.',
      message: 'El nombre de usuario, el correo o la contraseña no son correctos.',
      isUserAuthenticated: false,
    };
    serve({ '/api/v1/auth/login': [{ status: 401, body: refused }] });
    const nav = renderLogin();
    await logInWithPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(refused.message);
    expect(screen.getByRole('alert')).not.toHaveTextContent(refused.error);
    expect(nav.signedIn).not.toHaveBeenCalled();
  });
});

describe('the login page on an address that cannot keep a session', () => {
  it('says why and how to reach Plaza instead of showing a form that would hang', () => {
    // A plain-http page on a network address: the browser gives it no Web Crypto.
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    renderLogin();
    expect(screen.getByRole('alert')).toHaveTextContent('This address is not secure, so you cannot sign in here.');
    expect(screen.getByRole('alert')).toHaveTextContent('Open Plaza at its https address, or at http://localhost');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
