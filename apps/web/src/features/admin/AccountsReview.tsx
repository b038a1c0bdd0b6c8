/**
 * /admin → Accounts (admins): the accounts whose address nobody confirmed, each with "Verify email". On a
 * server without mail this is how people get confirmed; a notice says how to make the server send mail.
 */
import { MailWarning, UserCheck } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { compactAge, exactTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { AdminList } from './AdminList';
import { useUnverifiedAccountsQuery, useVerifyAccountEmailMutation } from './api';
import { Trans, useTranslation } from 'react-i18next';
import './admin-catalog';

/** Shown to admins at the top of /admin while the server has no SMTP_URL. */
export function NoMailNotice() {
  const { t } = useTranslation('admin');
  return (
    <div
      role="note"
      className="mb-5 flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{t('accounts.noMailTitle')}</span>{' '}
        <Trans
          t={t}
          i18nKey="accounts.noMail"
          values={{
            smtp: 'SMTP_URL',
            example: 'smtp://user:password@mail.example.com:587',
            from: 'MAIL_FROM',
            command: 'npm run admin -- verify <userName>',
          }}
          // Settings and commands read left to right in any language, and a long one breaks rather than overflows a phone.
          components={{ code: <code dir="ltr" className="font-mono [overflow-wrap:anywhere]" /> }}
        />
      </p>
    </div>
  );
}

export function AccountsReview() {
  const { t } = useTranslation('admin');
  const accounts = useUnverifiedAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [verify, { isLoading, originalArgs }] = useVerifyAccountEmailMutation();

  const confirm = async (userId: string, name: string) => {
    try {
      await verify(userId).unwrap();
      toast.success(t('accounts.confirmed', { name }));
    } catch (err) {
      toast.error(errorText(err, t('accounts.confirmFailed')));
    }
  };

  return (
    <AdminList
      items={accounts.data?.data}
      failed={accounts.isError ? { message: t('accounts.failed'), retry: () => void accounts.refetch() } : null}
      empty={{
        icon: <UserCheck className="h-8 w-8 text-emerald-500" aria-hidden="true" />,
        title: t('accounts.allConfirmed'),
        hint: t('accounts.waitingHint'),
      }}
      label={t('accounts.list')}
      row={({ user, email, createdAt }) => (
        <li key={user._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <Avatar name={user.fullName} id={user._id} src={user.userImage} size="md" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{user.fullName}</p>
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">
              @{user.userName} · {email} · {t('accounts.joined')} <time title={exactTime(createdAt)}>{compactAge(createdAt)}</time>
            </p>
          </div>
          <button
            type="button"
            onClick={() => void confirm(user._id, user.fullName)}
            disabled={isLoading && originalArgs === user._id}
            aria-label={t('accounts.verifyOf', { name: user.fullName })}
            className="min-h-11 rounded-xl bg-brand-primary px-4 py-2 text-sm font-semibold text-white hover:bg-brand-primary-hover disabled:opacity-50"
          >
            {t('accounts.verify')}
          </button>
        </li>
      )}
    />
  );
}
