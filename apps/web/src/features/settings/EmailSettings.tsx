/** The account's email address: whether it is confirmed, a new link, and a change confirmed from the new address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, type OperationBody, type operations, type SelfUser } from '@plaza/contract';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { Field, PasswordField } from '../../components/Field';
import { failureMessage, showFieldErrors } from './failure';
import { CHANGE_EMAIL_KEY, useChangeEmailMutation, usePendingEmail } from './lifecycle-api';
import { useSendLinkAgain } from './useSendLinkAgain';
import './preferences-catalog';

type Form = OperationBody<typeof operations.changeEmail>;

export function EmailSettings({ user }: { user: SelfUser | null }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.email' });
  const [changing, setChanging] = useState(false);
  const [changeEmail] = useChangeEmailMutation({ fixedCacheKey: CHANGE_EMAIL_KEY });
  const pendingTo = usePendingEmail();
  const { register, handleSubmit, formState, reset, setError } = useForm<Form>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      toast.success((await changeEmail(values).unwrap()).message);
      setChanging(false);
      reset();
    } catch (failure) {
      if (!showFieldErrors(failure, setError)) setError('email', { message: failureMessage(failure, t('changeFailed')) });
    }
  });

  return (
    <div className="space-y-3">
      <Field label={t('label')} value={user?.email ?? ''} readOnly disabled />
      {user && <EmailConfirmation confirmed={user.emailVerified} />}
      {pendingTo && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans t={t} i18nKey="pending" values={{ email: pendingTo }} components={{ b: <span className="font-medium" /> }} />
        </p>
      )}
      {changing ? (
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="space-y-1 rounded-xl bg-slate-50 p-4 dark:bg-slate-900/60"
          aria-label={t('change')}
        >
          <Field
            label={t('newEmail')}
            type="email"
            autoComplete="email"
            autoFocus
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            error={formState.errors.password?.message}
            hint={t('hint')}
            {...register('password')}
          />
          <div className="flex gap-2">
            <Button type="submit" loading={formState.isSubmitting}>
              {t('send')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setChanging(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
          {t('change')}
        </Button>
      )}
    </div>
  );
}

/** Whether the address is confirmed; when not, a button to send the link again. */
function EmailConfirmation({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.email' });
  const { sendAgain, sending: resending } = useSendLinkAgain();
  return (
    <p className="-mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {confirmed ? (
        <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
          <BadgeCheck className="h-4 w-4" aria-hidden="true" /> {t('confirmed')}
        </span>
      ) : (
        <>
          <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-400">
            <MailWarning className="h-4 w-4" aria-hidden="true" /> {t('notConfirmed')}
          </span>
          <button
            type="button"
            disabled={resending}
            onClick={() => void sendAgain()}
            className="font-semibold text-brand-primary hover:underline disabled:opacity-50 dark:text-indigo-300"
          >
            {t('sendAgain')}
          </button>
        </>
      )}
    </p>
  );
}
