/** The outermost route: every page, plus the toasts and the session-expiry overlay. */
import { TOAST } from '@plaza/contract';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { useAppSelector } from '../../app/hooks';
import { FullPageSpinner } from '../../components/Spinner';
import { SessionExpiredOverlay } from './SessionExpiredOverlay';

export function RootLayout() {
  const dark = useAppSelector((s) => s.theme.isDarkMode);
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      {/* New pages open at the top; back and forward return to where the reader was. */}
      <ScrollRestoration />
      <SessionExpiredOverlay />
      <Toaster
        position="top-center"
        offset={TOAST.offsetPx}
        duration={TOAST.durationMs}
        theme={dark ? 'dark' : 'light'}
        richColors
        closeButton
      />
    </>
  );
}
