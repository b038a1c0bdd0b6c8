/** Shown above every signed-in page until the account's address is confirmed, with a way to get a new link. */
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useMeQuery } from './api';
import { useSendLinkAgain } from './useSendLinkAgain';

export function VerifyEmailBanner() {
  const sessionUser = useAppSelector((s) => s.auth.userDetails);
  const { data: me } = useMeQuery(undefined, { skip: !sessionUser });
  const { sendAgain, sending } = useSendLinkAgain();
  const [hidden, setHidden] = useState(false);
  const user = me ?? sessionUser;
  // Sessions stored before verification existed carry no flag: the account call below answers for them.
  if (!user || hidden || user.emailVerified !== false) return null;

  return (
    <div
      role="region"
      aria-label="Confirm your email"
      className="mx-auto mb-4 flex max-w-3xl items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Confirm your email address.</span> We sent a link to{' '}
        <span className="font-medium break-all">{user.email}</span>. Until you open it you can publish only a few posts a day.{' '}
        <button
          type="button"
          onClick={() => void sendAgain()}
          disabled={sending}
          className="font-semibold underline underline-offset-2 disabled:opacity-50"
        >
          Send it again
        </button>
      </p>
      <button
        type="button"
        onClick={() => setHidden(true)}
        aria-label="Hide this reminder"
        className="rounded-lg p-1 text-amber-800 hover:bg-amber-100 dark:text-amber-200 dark:hover:bg-amber-900/50"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
