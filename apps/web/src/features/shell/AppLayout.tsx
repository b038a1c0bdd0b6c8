/** The signed-in frame: navbar on top, collapsible sidebar on the left (bottom bar on phones), the page. */
import { Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ChatAlerts } from '../chat';
import { useConnectionUpdates } from '../connections';
import { VerifyEmailBanner } from '../settings';
import { Navbar } from './Navbar';
import { MobileNav, Sidebar } from './Sidebar';
import { SocketLifecycle } from './SocketLifecycle';

export function AppLayout() {
  const expanded = useAppSelector((s) => s.sidebar.isSidebarExpanded);
  return (
    <SocketLifecycle>
      <div className="min-h-screen">
        <a
          href="#main"
          className="sr-only z-[60] rounded-xl bg-brand-primary px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <Navbar />
        <Sidebar />
        <main
          id="main"
          tabIndex={-1}
          className={`outline-none px-3 pt-20 pb-24 transition-[padding] sm:px-6 md:pb-10 ${expanded ? 'md:pl-64' : 'md:pl-24'}`}
        >
          <VerifyEmailBanner />
          <Outlet />
        </main>
        <MobileNav />
        <ChatAlerts />
        <ConnectionLive />
      </div>
    </SocketLifecycle>
  );
}

/** Keeps connection buttons and request lists in step with what the other person does. */
function ConnectionLive() {
  useConnectionUpdates();
  return null;
}
