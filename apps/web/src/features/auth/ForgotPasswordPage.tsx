/** "Forgot password?": asks for the address and says the same thing whether or not it has an account. */
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema } from '@plaza/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { AuthLayout } from './AuthLayout';
import { ta, taNodes } from './auth-texts';
import { RoutedAuthNav } from './RoutedAuthNav';
import { failureText, useForgotPasswordMutation } from './links-api';
import { useDocumentTitle } from '../../lib/document-title';

type Form = z.input<typeof forgotPasswordBodySchema>;

function ForgotPassword() {
  const [requestLink] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      setSentTo({ email, message: await requestLink({ email }).unwrap() });
    } catch (failure) {
      setError(failureText(failure, ta('sendFailed')));
    }
  });

  return (
    <AuthLayout title={ta('forgotTitle')} subtitle={ta('forgotSubtitle')}>
      {sentTo ? (
        <div role="status" className="card space-y-3 p-6">
          <MailCheck className="h-8 w-8 text-brand-primary dark:text-indigo-300" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{ta('checkInbox')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{sentTo.message}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {taNodes('sentTo', {
              email: <span className="font-medium text-slate-700 dark:text-slate-200">{sentTo.email}</span>,
              retry: (
                <button
                  type="button"
                  onClick={() => setSentTo(null)}
                  className="font-semibold text-brand-primary hover:underline dark:text-indigo-300"
                >
                  {ta('tryAnotherAddress')}
                </button>
              ),
            })}
          </p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2">
          {error && <ErrorBanner message={error} />}
          <Field
            label={ta('emailLabel')}
            type="email"
            autoComplete="email"
            autoFocus
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={formState.isSubmitting} className="w-full">
            {ta('sendLink')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        {ta('remembered')}{' '}
        <Link to="/auth/login" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          {ta('backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}

/** The auth screens' frame (theme toggle, links) comes from the signed-in app's router here. */
export default function ForgotPasswordPage() {
  useDocumentTitle(ta('forgotPageTitle'));
  return (
    <RoutedAuthNav>
      <ForgotPassword />
    </RoutedAuthNav>
  );
}
