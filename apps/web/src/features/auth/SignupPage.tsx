import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, NewPasswordField } from '../../components/Field';
import { AuthLink, useAuthNav } from './auth-nav';
import { requestSignup } from './auth-requests';
import type { SignupBody } from './auth-types';
import { AuthLayout } from './AuthLayout';
import { signupErrors } from './form-rules';
import { useFormState } from './use-form-state';
import { USERNAME_CHECK_ERROR, useUsernameAvailability } from './useUsernameAvailability';
import { useDocumentTitle } from '../../lib/document-title';

function AvailabilityHint({ state }: { state: ReturnType<typeof useUsernameAvailability> }) {
  if (state === 'checking')
    return (
      <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-300">
        <Loader2 className="h-3 w-3 animate-spin" /> Checking…
      </span>
    );
  if (state === 'available')
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="h-3 w-3" /> This user name is available
      </span>
    );
  if (state === 'taken')
    return (
      <span className="inline-flex items-center gap-1 text-rose-700 dark:text-rose-400">
        <XCircle className="h-3 w-3" /> This user name is taken
      </span>
    );
  if (state === 'error') return <span className="text-amber-700 dark:text-amber-400">{USERNAME_CHECK_ERROR}</span>;
  return <span className="text-slate-600 dark:text-slate-300">3–30 letters, digits, _ or .</span>;
}

export default function SignupPage() {
  useDocumentTitle('Sign up');
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
    if (availability === 'taken') return setFieldError('userName', 'This user name is taken');
    setLoading(true);
    setError(null);
    const result = await requestSignup({ ...valid, email: valid.email.trim().toLowerCase() });
    if (result.ok) {
      await nav.signedIn({ kind: 'signup', response: result.data });
      return;
    }
    setLoading(false);
    setError(result.failure.message || 'Signup failed');
    for (const d of result.failure.details ?? []) setFieldError(d.path as keyof SignupBody, d.message);
  };

  return (
    <AuthLayout signsIn title="Create your account" subtitle="Join Plaza in less than a minute.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
        {error && <ErrorBanner message={error} />}
        <Field label="Full name" autoComplete="name" autoFocus {...field('fullName')} />
        <Field label="User name" autoComplete="username" hint={<AvailabilityHint state={availability} />} {...field('userName')} />
        <Field label="Email" type="email" autoComplete="email" {...field('email')} />
        <NewPasswordField label="Password" {...field('password')} />
        <Button type="submit" loading={loading} className="w-full">
          {loading ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <AuthLink to="/auth/login" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          Log in
        </AuthLink>
      </p>
    </AuthLayout>
  );
}
