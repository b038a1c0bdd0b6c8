import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, NewPasswordField } from '../../components/Field';
import { AuthLink, useAuthNav } from './auth-nav';
import { NETWORK_FAILURE, requestSignup } from './auth-requests';
import { ta } from './auth-texts';
import type { SignupBody } from './auth-types';
import { AuthLayout } from './AuthLayout';
import { signupErrors } from './form-rules';
import { useFormState } from './use-form-state';
import { useUsernameAvailability } from './useUsernameAvailability';
import { LIMITS } from '@plaza/contract/constants';
import { useDocumentTitle } from '../../lib/document-title';

function AvailabilityHint({ state }: { state: ReturnType<typeof useUsernameAvailability> }) {
  if (state === 'checking')
    return (
      <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-300">
        <Loader2 className="h-3 w-3 animate-spin" /> {ta('checking')}
      </span>
    );
  if (state === 'available')
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="h-3 w-3" /> {ta('userNameAvailable')}
      </span>
    );
  if (state === 'taken')
    return (
      <span className="inline-flex items-center gap-1 text-rose-700 dark:text-rose-400">
        <XCircle className="h-3 w-3" /> {ta('userNameTaken')}
      </span>
    );
  if (state === 'error') return <span className="text-amber-700 dark:text-amber-400">{ta('userNameCheckFailed')}</span>;
  return <span className="text-slate-600 dark:text-slate-300">{ta('userNameRule', LIMITS.userName)}</span>;
}

export default function SignupPage() {
  useDocumentTitle(ta('signupPageTitle'));
  const nav = useAuthNav();
  const {
    values,
    field,
    check,
    setError: setFieldError,
  } = useFormState<SignupBody>({ fullName: '', userName: '', email: '', password: '' }, signupErrors);
  const availability = useUsernameAvailability(values.userName);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const valid = check();
    if (!valid || loading) return;
    if (availability === 'taken') return setFieldError('userName', ta('userNameTaken'));
    setLoading(true);
    setError(null);
    const result = await requestSignup({ ...valid, email: valid.email.trim().toLowerCase() });
    if (result.ok) {
      await nav.signedIn({ kind: 'signup', response: result.data });
      return;
    }
    setLoading(false);
    setError(result.failure === NETWORK_FAILURE ? ta('networkFailure') : result.failure.message || ta('signupFailed'));
    for (const d of result.failure.details ?? []) setFieldError(d.path as keyof SignupBody, d.message);
  };

  return (
    <AuthLayout signsIn title={ta('signupTitle')} subtitle={ta('signupSubtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
        {error && <ErrorBanner message={error} />}
        <Field label={ta('fullNameLabel')} autoComplete="name" autoFocus {...field('fullName')} />
        <Field
          label={ta('userNameLabel')}
          autoComplete="username"
          hint={<AvailabilityHint state={availability} />}
          {...field('userName')}
        />
        <Field label={ta('emailLabel')} type="email" autoComplete="email" {...field('email')} />
        <NewPasswordField
          label={ta('passwordLabel')}
          hint={ta('passwordHint', LIMITS.password)}
          visibility={{ show: ta('showPassword'), hide: ta('hidePassword') }}
          {...field('password')}
        />
        <Button type="submit" loading={loading} className="w-full">
          {ta(loading ? 'creatingAccount' : 'createAccount')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {ta('haveAccount')}{' '}
        <AuthLink to="/auth/login" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          {ta('logIn')}
        </AuthLink>
      </p>
    </AuthLayout>
  );
}
