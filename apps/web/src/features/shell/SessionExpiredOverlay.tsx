/**
 * Session expiry (product.md § Session and tokens): toast, blocking overlay with a 5-second countdown, then login with returnUrl.
 * Also when the server ends the session elsewhere (`sessionEnded`): the overlay then says why.
 */
import { SESSION_EXPIRY_REDIRECT_SECONDS } from '@plaza/contract';
import i18next from 'i18next';
import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { resetAuth, sessionExpired } from '../auth';
import { sessionExpiryHandled } from '../auth';

export function SessionExpiredOverlay() {
  const { t } = useTranslation();
  const expired = useAppSelector((s) => s.session.expired);
  const reason = useAppSelector((s) => s.session.reason);
  const dispatch = useAppDispatch();
  useSocketEvent('sessionEnded', ({ reason: why }) => dispatch(sessionExpired(why)));
  const location = useLocation();
  const [seconds, setSeconds] = useState(SESSION_EXPIRY_REDIRECT_SECONDS);
  // Where the person was when the session expired; navigating during the countdown must not restart it.
  const here = useRef(location.pathname + location.search);
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!expired) return;
    toast.error(i18next.t('session.expiredToast'));
    setSeconds(SESSION_EXPIRY_REDIRECT_SECONDS);
    const returnUrl = encodeURIComponent(here.current);
    const tick = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    const done = setTimeout(() => {
      // The protected-route guard performs the redirect once the session is gone.
      dispatch(sessionExpiryHandled(`/auth/login?returnUrl=${returnUrl}`));
      dispatch(resetAuth());
    }, SESSION_EXPIRY_REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [expired, dispatch]);

  if (!expired) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="session-expired-title"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-slate-950/70 p-4 backdrop-blur-sm"
    >
      <div className="card w-full max-w-sm p-6 text-center">
        <div className="mx-auto mb-3 w-fit rounded-full bg-amber-100 p-3 text-amber-600 dark:bg-amber-900/40 dark:text-amber-300">
          <Clock className="h-7 w-7" />
        </div>
        <h2 id="session-expired-title" className="text-xl font-bold">
          {t('session.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('session.text')}</p>
        {reason && (
          <p className="mt-2 text-sm font-medium text-slate-800 dark:text-slate-100" data-testid="session-end-reason">
            {t(`session.ended.${reason}`)}
          </p>
        )}
        <p className="mt-4 font-semibold text-brand-primary" aria-live="polite">
          {t('session.redirecting', { count: seconds })}
        </p>
      </div>
    </div>
  );
}
