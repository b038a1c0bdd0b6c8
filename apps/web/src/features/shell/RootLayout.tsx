/** The outermost route: every page, plus the toasts and the session-expiry overlay. */
import { TOAST } from '@plaza/contract';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
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
