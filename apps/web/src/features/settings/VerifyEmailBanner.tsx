/** Shown above every signed-in page until the account's address is confirmed, with a way to get a new link. */
import { MailWarning, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useMeQuery } from './api';
import { useInstanceQuery, usePendingEmail } from './lifecycle-api';
import { useSendLinkAgain } from './useSendLinkAgain';

export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const sessionUser = useAppSelector((s) => s.auth.userDetails);
  const { data: me } = useMeQuery(undefined, { skip: !sessionUser });
  const { sendAgain, sending } = useSendLinkAgain();
  const [hidden, setHidden] = useState(false);
  const pendingTo = usePendingEmail();
  const user = me ?? sessionUser;
  const unconfirmed = Boolean(user && user.emailVerified === false);
  const { data: instance } = useInstanceQuery(undefined, { skip: !unconfirmed });
  // Sessions stored before verification existed carry no flag: the account call below answers for them.
  // The banner shows at once, as for a server that mails (most do): waiting for the answer would push the
  // page down when it came. A server without mail swaps the text in the same place.
  if (!user || hidden || !unconfirmed) return null;
  if (instance?.mail === false) return <NoMailBanner admin={user.role === 'admin'} onHide={() => setHidden(true)} />;

  return (
    <ReminderFrame onHide={() => setHidden(true)}>
      <span className="font-semibold">{t('verifyEmail.title')}</span> {t('verifyEmail.sentTo')}{' '}
      {/* After a change was asked for, the link that counts is the one mailed to the new address (as the card says).
          Isolated, so a left-to-right address keeps its order inside a right-to-left sentence. */}
      <bdi className="font-medium break-all">{pendingTo ?? user.email}</bdi>
      {t('verifyEmail.until')}{' '}
      {!pendingTo && (
        <button
          type="button"
          onClick={() => void sendAgain()}
          disabled={sending}
          className="font-semibold underline underline-offset-2 disabled:opacity-50"
        >
          {t('verifyEmail.sendAgain')}
        </button>
      )}
    </ReminderFrame>
  );
}

/** On a server that cannot send mail no link went anywhere: say so, and who can confirm the address instead. */
function NoMailBanner({ admin, onHide }: { admin: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <ReminderFrame onHide={onHide}>
      <span className="font-semibold">{t('verifyEmail.noMailTitle')}</span> {t('verifyEmail.noMailText')}{' '}
      {admin ? t('verifyEmail.noMailAdmin') : t('verifyEmail.noMailMember')}
    </ReminderFrame>
  );
}

/** The reminder's frame, whichever text it holds: one region, its icon and a hide button of a full tap target. */
function ReminderFrame({ onHide, children }: { onHide: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      role="region"
      aria-label={t('verifyEmail.region')}
      className="mx-auto mb-4 flex max-w-3xl items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{children}</p>
      <button
        type="button"
        onClick={onHide}
        aria-label={t('verifyEmail.hide')}
        className="-my-2.5 -me-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-amber-800 hover:bg-amber-100 dark:text-amber-200 dark:hover:bg-amber-900/50"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
