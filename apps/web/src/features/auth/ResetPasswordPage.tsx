/** The page a reset link opens: choose a new password; every session of the account ends. */
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, passwordSchema } from '@plaza/contract';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { NewPasswordField, PasswordField } from '../../components/Field';
import { AuthLayout } from './AuthLayout';
import { ta } from './auth-texts';
import { RoutedAuthNav } from './RoutedAuthNav';
import { failureText, useResetPasswordMutation } from './links-api';
import { useDocumentTitle } from '../../lib/document-title';

// Built on use, so the message reads in the language shown then.
const formSchema = () =>
  z
    .object({ newPassword: passwordSchema, confirm: z.string() })
    .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: ta('passwordsDiffer') });
type Form = z.infer<ReturnType<typeof formSchema>>;

const visibility = () => ({ show: ta('showPassword'), hide: ta('hidePassword') });
const linkClass = 'font-semibold text-brand-primary hover:underline dark:text-indigo-300';

function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(formSchema()),
    defaultValues: { newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await reset({ token, newPassword }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(failureText(failure, ta('resetFailed')));
    }
  });

  if (!token) {
    return (
      <AuthLayout title={ta('incompleteTitle')} subtitle={ta('incompleteSubtitle')}>
        <Link to="/auth/forgot-password" className={linkClass}>
          {ta('askNewLink')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={ta('resetTitle')} subtitle={ta('resetSubtitle')}>
      {done ? (
        <div role="status" className="card space-y-3 p-6">
          <CircleCheck className="h-8 w-8 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{ta('passwordChanged')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{ta('allLoggedOut')}</p>
          <Link
            to="/auth/login"
            className="inline-flex rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
          >
            {ta('logIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
          {error && (
            <div className="space-y-2">
              <ErrorBanner message={error} />
              <p className="text-sm">
                <Link to="/auth/forgot-password" className={linkClass}>
                  {ta('askNewLink')}
                </Link>
              </p>
            </div>
          )}
          <NewPasswordField
            label={ta('newPasswordLabel')}
            hint={ta('passwordHint', LIMITS.password)}
            visibility={visibility()}
            autoFocus
            error={formState.errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordField
            label={ta('repeatPasswordLabel')}
            visibility={visibility()}
            autoComplete="new-password"
            error={formState.errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" loading={formState.isSubmitting} className="w-full">
            {ta('setNewPassword')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

/** The auth screens' frame (theme toggle, links) comes from the signed-in app's router here. */
export default function ResetPasswordPage() {
  useDocumentTitle(ta('resetPageTitle'));
  return (
    <RoutedAuthNav>
      <ResetPassword />
    </RoutedAuthNav>
  );
}
