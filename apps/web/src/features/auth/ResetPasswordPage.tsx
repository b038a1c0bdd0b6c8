/** The page a reset link opens: choose a new password; every session of the account ends. */
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@plaza/contract';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { NewPasswordField, PasswordField } from '../../components/Field';
import { AuthLayout } from './AuthLayout';
import { RoutedAuthNav } from './RoutedAuthNav';
import { failureText, useResetPasswordMutation } from './links-api';
import { useDocumentTitle } from '../../lib/document-title';

const formSchema = z
  .object({ newPassword: passwordSchema, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The two passwords differ' });
type Form = z.infer<typeof formSchema>;

const linkClass = 'font-semibold text-brand-primary hover:underline dark:text-indigo-300';

function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await reset({ token, newPassword }).unwrap();
      setDone(true);
    } catch (failure) {
      setError(failureText(failure, 'Your password could not be changed.'));
    }
  });

  if (!token) {
    return (
      <AuthLayout title="This link is incomplete" subtitle="Open the whole link from the mail, or ask for a new one.">
        <Link to="/auth/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="After this you're logged out everywhere; log in again with the new password.">
      {done ? (
        <div role="status" className="card space-y-3 p-6">
          <CircleCheck className="h-8 w-8 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Your password is changed</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">Every session of your account was logged out.</p>
          <Link
            to="/auth/login"
            className="inline-flex rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
          >
            Log in
          </Link>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
          {error && (
            <div className="space-y-2">
              <ErrorBanner message={error} />
              <p className="text-sm">
                <Link to="/auth/forgot-password" className={linkClass}>
                  Ask for a new link
                </Link>
              </p>
            </div>
          )}
          <NewPasswordField label="New password" autoFocus error={formState.errors.newPassword?.message} {...register('newPassword')} />
          <PasswordField
            label="Repeat the new password"
            autoComplete="new-password"
            error={formState.errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" loading={formState.isSubmitting} className="w-full">
            Set new password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

/** The auth screens' frame (theme toggle, links) comes from the signed-in app's router here. */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  return (
    <RoutedAuthNav>
      <ResetPassword />
    </RoutedAuthNav>
  );
}
