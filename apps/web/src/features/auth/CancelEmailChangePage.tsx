/** The page the cancel link of a change-of-address notice opens: cancels at once, signed in or not. */
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { AuthLayout } from './AuthLayout';
import { ta, taNodes } from './auth-texts';
import { RoutedAuthNav } from './RoutedAuthNav';
import { failureText, useCancelEmailChangeMutation } from './links-api';
import { useDocumentTitle } from '../../lib/document-title';

type Outcome = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

const linkClass = 'font-semibold text-brand-primary hover:underline';

function CancelEmailChange() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [cancel] = useCancelEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'working' } : { state: 'failed', message: ta('linkIncomplete') });
  // A link is spent once: strict mode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    cancel({ token })
      .unwrap()
      .then(() => setOutcome({ state: 'done' }))
      .catch((failure: unknown) => setOutcome({ state: 'failed', message: failureText(failure, ta('cancelFailed')) }));
  }, [token, cancel]);

  return (
    <AuthLayout title={ta('cancelTitle')} subtitle={ta('cancelSubtitle')}>
      <div role="status" aria-live="polite" className="card space-y-3 p-6">
        {outcome.state === 'working' && (
          <p className="flex items-center gap-3 text-sm">
            <Spinner size="sm" /> {ta('cancelling')}
          </p>
        )}
        {outcome.state === 'done' && (
          <>
            <CircleCheck className="h-8 w-8 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{ta('cancelDone')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {taNodes('cancelDoneBody', {
                link: (
                  <Link to="/auth/forgot-password" className={linkClass}>
                    {ta('chooseNewPassword')}
                  </Link>
                ),
              })}
            </p>
          </>
        )}
        {outcome.state === 'failed' && (
          <>
            <CircleAlert className="h-8 w-8 text-rose-600 dark:text-rose-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{ta('couldNotCancel')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{outcome.message}</p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export default function CancelEmailChangePage() {
  useDocumentTitle(ta('cancelPageTitle'));
  return (
    <RoutedAuthNav>
      <CancelEmailChange />
    </RoutedAuthNav>
  );
}
