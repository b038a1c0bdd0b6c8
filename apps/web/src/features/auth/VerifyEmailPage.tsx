/** The page a verification (or change-of-address) link opens: confirms at once, signed in or not. */
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { AuthLayout } from './AuthLayout';
import { RoutedAuthNav } from './RoutedAuthNav';
import { failureText, useVerifyEmailMutation } from './links-api';
import { useDocumentTitle } from '../../lib/document-title';

type Outcome = { state: 'working' } | { state: 'done'; email: string; changed: boolean } | { state: 'failed'; message: string };

const buttonClass = 'inline-flex rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover';

function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'working' } : { state: 'failed', message: 'This link is incomplete. Open the whole link from the mail.' },
  );
  // A link is spent once: strict mode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify({ token })
      .unwrap()
      .then(({ email, changed }) => setOutcome({ state: 'done', email, changed }))
      .catch((failure: unknown) =>
        setOutcome({ state: 'failed', message: failureText(failure, 'Your email address could not be confirmed.') }),
      );
  }, [token, verify]);

  const next = signedIn ? (
    <Link to="/feeds" className={buttonClass}>
      Go to your feed
    </Link>
  ) : (
    <Link to="/auth/login" className={buttonClass}>
      Log in
    </Link>
  );

  return (
    <AuthLayout title="Confirm your email" subtitle="One click, and your account can post freely.">
      <div role="status" aria-live="polite" className="card space-y-3 p-6">
        {outcome.state === 'working' && (
          <p className="flex items-center gap-3 text-sm">
            <Spinner size="sm" /> Confirming your address…
          </p>
        )}
        {outcome.state === 'done' && (
          <>
            <CircleCheck className="h-8 w-8 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">
              {outcome.changed ? 'Your email address is changed' : 'Your email address is confirmed'}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Your account now uses <span className="font-medium">{outcome.email}</span>.
            </p>
            {next}
          </>
        )}
        {outcome.state === 'failed' && (
          <>
            <CircleAlert className="h-8 w-8 text-rose-600 dark:text-rose-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">We couldn't confirm this address</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{outcome.message}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {signedIn ? 'You can ask for a new link from the banner at the top of your feed.' : 'Log in to ask for a new link.'}
            </p>
            {next}
          </>
        )}
      </div>
    </AuthLayout>
  );
}

/** The auth screens' frame (theme toggle, links) comes from the signed-in app's router here. */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm email');
  return (
    <RoutedAuthNav>
      <VerifyEmail />
    </RoutedAuthNav>
  );
}
