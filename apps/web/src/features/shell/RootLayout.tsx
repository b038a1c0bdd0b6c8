/** The outermost route: every page, plus the toasts and the session-expiry overlay. */
import { TOAST } from '@plaza/contract';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LanguageFollower } from '../../i18n/LanguageFollower';
import { LazyToaster } from '../../components/LazyToaster';
import { FullPageSpinner } from '../../components/Spinner';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { OfflineBanner } from './OfflineBanner';
import { SessionExpiredOverlay } from './SessionExpiredOverlay';

export function RootLayout() {
  const dark = useAppSelector((s) => s.theme.isDarkMode);
  // Desktop: top right, 8 px from the top (product.md § Layout and theme), clear of the centred search box. Phone: above the
  // bottom navigation, where it covers neither the header nor the page's first lines.
  const desktop = useMediaQuery('(min-width: 768px)');
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      {/* New pages open at the top; back and forward return to where the reader was. */}
      <ScrollRestoration />
      <LanguageFollower />
      <OfflineBanner />
      <SessionExpiredOverlay />
      <LazyToaster
        position={desktop ? 'top-right' : 'bottom-center'}
        offset={TOAST.offsetPx}
        mobileOffset={{ bottom: 80, left: 8, right: 8 }}
        duration={TOAST.durationMs}
        theme={dark ? 'dark' : 'light'}
        richColors
        closeButton
        toastOptions={{ classNames: { closeButton: 'plaza-toast-close' } }}
      />
    </>
  );
}
