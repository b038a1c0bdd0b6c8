/** The page a verification (or change-of-address) link opens: confirms at once, signed in or not. */
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { AuthLayout } from './AuthLayout';
import { ta, taNodes } from './auth-texts';
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
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'working' } : { state: 'failed', message: ta('linkIncomplete') });
  // A link is spent once: strict mode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify({ token })
      .unwrap()
      .then(({ email, changed }) => setOutcome({ state: 'done', email, changed }))
      .catch((failure: unknown) => setOutcome({ state: 'failed', message: failureText(failure, ta('confirmFailed')) }));
  }, [token, verify]);

  const next = signedIn ? (
    <Link to="/feeds" className={buttonClass}>
      {ta('goToFeed')}
    </Link>
  ) : (
    <Link to="/auth/login" className={buttonClass}>
      {ta('logIn')}
    </Link>
  );

  return (
    <AuthLayout title={ta('confirmTitle')} subtitle={ta('confirmSubtitle')}>
      <div role="status" aria-live="polite" className="card space-y-3 p-6">
        {outcome.state === 'working' && (
          <p className="flex items-center gap-3 text-sm">
            <Spinner size="sm" /> {ta('confirming')}
          </p>
        )}
        {outcome.state === 'done' && (
          <>
            <CircleCheck className="h-8 w-8 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{ta(outcome.changed ? 'emailChanged' : 'emailConfirmed')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {taNodes('nowUses', { email: <span className="font-medium">{outcome.email}</span> })}
            </p>
            {next}
          </>
        )}
        {outcome.state === 'failed' && (
          <>
            <CircleAlert className="h-8 w-8 text-rose-600 dark:text-rose-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{ta('couldNotConfirm')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{outcome.message}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{ta(signedIn ? 'askFromBanner' : 'logInToAsk')}</p>
            {next}
          </>
        )}
      </div>
    </AuthLayout>
  );
}

/** The auth screens' frame (theme toggle, links) comes from the signed-in app's router here. */
export default function VerifyEmailPage() {
  useDocumentTitle(ta('verifyPageTitle'));
  return (
    <RoutedAuthNav>
      <VerifyEmail />
    </RoutedAuthNav>
  );
}
