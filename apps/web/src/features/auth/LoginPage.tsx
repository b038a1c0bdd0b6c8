import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, PasswordField } from '../../components/Field';
import { AuthLink, useAuthNav } from './auth-nav';
import { NETWORK_FAILURE, requestLogin } from './auth-requests';
import { ta } from './auth-texts';
import type { LoginResponse } from './auth-types';
import { AuthLayout } from './AuthLayout';
import { loginErrors } from './form-rules';
import { PasskeySignIn } from './PasskeySignIn';
import { TwoFactorStep } from './TwoFactorStep';
import { useFormState } from './use-form-state';
import { useDocumentTitle } from '../../lib/document-title';

export default function LoginPage() {
  useDocumentTitle(ta('loginPageTitle'));
  const nav = useAuthNav();
  const { field, check } = useFormState({ identifier: '', password: '' }, loginErrors);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and the account asks for a two-factor code next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (response: LoginResponse) => nav.signedIn({ kind: 'login', response });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = check();
    if (!values || loading) return;
    setLoading(true);
    setError(null);
    const result = await requestLogin(values);
    if (result.ok) {
      const answer = result.data;
      if ('twoFactorRequired' in answer) {
        setLoading(false);
        setChallenge(answer.challenge);
      } else await signedIn(answer);
      return;
    }
    setLoading(false);
    setError(result.failure === NETWORK_FAILURE ? ta('networkFailure') : result.failure.message || ta('loginFailed'));
  };

  if (challenge) {
    return (
      <AuthLayout title={ta('twoFactorTitle')} subtitle={ta('twoFactorSubtitle')}>
        <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout signsIn title={ta('loginTitle')} subtitle={ta('loginSubtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
        {error && <ErrorBanner message={error} />}
        <Field label={ta('identifierLabel')} autoComplete="username" autoFocus {...field('identifier')} />
        <PasswordField
          label={ta('passwordLabel')}
          visibility={{ show: ta('showPassword'), hide: ta('hidePassword') }}
          autoComplete="current-password"
          {...field('password')}
        />
        {/* A full page load on purpose: the reset pages live in the signed-in app, not in this light first screen. */}
        <p className="-mt-3 mb-2 text-end text-sm">
          <a
            href="/auth/forgot-password"
            className="inline-flex min-h-11 items-center font-semibold text-brand-primary hover:underline dark:text-indigo-300"
          >
            {ta('forgotLink')}
          </a>
        </p>
        <Button type="submit" loading={loading} className="w-full">
          {ta(loading ? 'loggingIn' : 'logIn')}
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> {ta('or')}{' '}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <PasskeySignIn onSignedIn={signedIn} onError={setError} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {ta('newToPlaza')}{' '}
        <AuthLink to="/auth/signup" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          {ta('createAccountLink')}
        </AuthLink>
      </p>
    </AuthLayout>
  );
}
