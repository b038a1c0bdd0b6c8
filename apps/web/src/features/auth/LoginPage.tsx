import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, type LoginBody } from '@plaza/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, PasswordField } from '../../components/Field';
import { clearError, loginUser } from './authSlice';
import { AuthLayout } from './AuthLayout';

/** Where to go after logging in: the returnUrl of an expired session, the page a guard bounced, or the feed. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const returnUrl = params.get('returnUrl');
  if (returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//')) return returnUrl;
  const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
  return from ? from.pathname + (from.search ?? '') : '/feeds';
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { loading, error } = useAppSelector((s) => s.auth);
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { identifier: '', password: '' },
  });

  useEffect(() => {
    dispatch(clearError());
  }, [dispatch]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await dispatch(loginUser(values));
    if (loginUser.fulfilled.match(result)) void navigate(returnTo, { replace: true });
  });

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to see what your friends are sharing.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
        {error && <ErrorBanner message={error} />}
        <Field
          label="User name or email"
          autoComplete="username"
          autoFocus
          error={formState.errors.identifier?.message}
          {...register('identifier')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-3 mb-2 text-right text-sm">
          <Link to="/auth/forgot-password" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" loading={loading} className="w-full">
          {loading ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        New to Plaza?{' '}
        <Link to="/auth/signup" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
