/** Settings → Security → Where you're signed in: each session with its device and address, this one marked; sign others out. */
import { Laptop, LogOut } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { failureMessage } from './failure';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from './security-api';
import { useTranslation } from 'react-i18next';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SessionSettings() {
  const { t } = useTranslation('preferences');
  const { data: sessions = [], isError, refetch } = useSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const others = sessions.filter((s) => !s.current).length;

  const signOut = async (id: string) => {
    await endSession(id)
      .unwrap()
      .then(() => toast.success(t('sessions.signedOut')))
      .catch((failure: unknown) => toast.error(failureMessage(failure, t('sessions.signOutFailed'))));
  };
  const signOutOthers = async () => {
    await endOthers()
      .unwrap()
      .then(() => toast.success(t('sessions.othersSignedOut')))
      .catch((failure: unknown) => toast.error(failureMessage(failure, t('sessions.othersFailed'))));
  };

  return (
    <section className="card p-6" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t('sessions.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('sessions.text')}</p>
      {isError && <ErrorBanner message={t('sessions.loadFailed')} onRetry={() => void refetch()} />}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label={t('sessions.label')}>
        {sessions.map((s) => (
          <li key={s._id} className="flex items-center justify-between gap-3 py-3" data-testid="session-row">
            <div className="flex min-w-0 items-center gap-3">
              <Laptop className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{s.device}</span>
                  {s.current && (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                      {t('sessions.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {t('sessions.where', {
                    address: s.address ?? t('sessions.unknownAddress'),
                    at: timeFormat.format(new Date(s.lastActiveAt)),
                  })}
                </p>
              </div>
            </div>
            {!s.current && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void signOut(s._id)}
                aria-label={t('sessions.signOutDevice', { device: s.device })}
              >
                <LogOut className="h-4 w-4" /> <span className="hidden sm:inline">{t('sessions.signOut')}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button variant="danger" className="mt-4" loading={endingOthers} onClick={() => void signOutOthers()}>
          {t('sessions.signOutOthers')}
        </Button>
      )}
    </section>
  );
}
