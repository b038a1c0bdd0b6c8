import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, PasswordField } from '../../components/Field';
import { AuthLink, useAuthNav } from './auth-nav';
import { requestLogin } from './auth-requests';
import { AuthLayout } from './AuthLayout';
import { loginErrors } from './form-rules';
import { useFormState } from './use-form-state';

export default function LoginPage() {
  const nav = useAuthNav();
  const { field, check } = useFormState({ identifier: '', password: '' }, loginErrors);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = check();
    if (!values || loading) return;
    setLoading(true);
    setError(null);
    const result = await requestLogin(values);
    if (result.ok) {
      await nav.signedIn({ kind: 'login', response: result.data });
      return;
    }
    setLoading(false);
    setError(result.failure.error || 'Login failed');
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to see what your friends are sharing.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
        {error && <ErrorBanner message={error} />}
        <Field label="User name or email" autoComplete="username" autoFocus {...field('identifier')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <Button type="submit" loading={loading} className="w-full">
          {loading ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        New to Plaza?{' '}
        <AuthLink to="/auth/signup" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          Create an account
        </AuthLink>
      </p>
    </AuthLayout>
  );
}
