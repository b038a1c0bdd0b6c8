import { zodResolver } from '@hookform/resolvers/zod';
import { signupBodySchema, type SignupBody } from '@plaza/contract';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field, PasswordField } from '../../components/Field';
import { clearError, signupUser } from './authSlice';
import { AuthLayout } from './AuthLayout';
import { USERNAME_CHECK_ERROR, useUsernameAvailability } from './useUsernameAvailability';

function AvailabilityHint({ state }: { state: ReturnType<typeof useUsernameAvailability> }) {
  if (state === 'checking')
    return (
      <span className="inline-flex items-center gap-1 text-slate-500">
        <Loader2 className="h-3 w-3 animate-spin" /> Checking…
      </span>
    );
  if (state === 'available')
    return (
      <span className="inline-flex items-center gap-1 text-emerald-600 dark:text-emerald-400">
        <CheckCircle2 className="h-3 w-3" /> This user name is available
      </span>
    );
  if (state === 'taken')
    return (
      <span className="inline-flex items-center gap-1 text-rose-600 dark:text-rose-400">
        <XCircle className="h-3 w-3" /> This user name is taken
      </span>
    );
  if (state === 'error') return <span className="text-amber-600">{USERNAME_CHECK_ERROR}</span>;
  return <span className="text-slate-500">3–30 letters, digits, _ or .</span>;
}

export default function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { loading, error } = useAppSelector((s) => s.auth);
  const { register, handleSubmit, formState, watch, setError } = useForm<SignupBody>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { userName: '', email: '', password: '', fullName: '' },
  });
  const availability = useUsernameAvailability(watch('userName'));

  useEffect(() => {
    dispatch(clearError());
  }, [dispatch]);

  const onSubmit = handleSubmit(async (values) => {
    if (availability === 'taken') return setError('userName', { message: 'This user name is taken' });
    const result = await dispatch(signupUser(values));
    if (signupUser.fulfilled.match(result)) void navigate('/feeds', { replace: true });
    else for (const d of result.payload?.details ?? []) setError(d.path as keyof SignupBody, { message: d.message });
  });

  return (
    <AuthLayout title="Create your account" subtitle="Join Plaza in less than a minute.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
        {error && <ErrorBanner message={error} />}
        <Field label="Full name" autoComplete="name" autoFocus error={formState.errors.fullName?.message} {...register('fullName')} />
        <Field
          label="User name"
          autoComplete="username"
          error={formState.errors.userName?.message}
          hint={<AvailabilityHint state={availability} />}
          {...register('userName')}
        />
        <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          hint="At least 8 characters"
          {...register('password')}
        />
        <Button type="submit" loading={loading} className="w-full">
          {loading ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/auth/login" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
