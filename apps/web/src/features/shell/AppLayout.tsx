/** The signed-in frame: navbar on top, collapsible sidebar on the left (bottom bar on phones), the page. */
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ChatAlerts } from '../chat';
import { useConnectionUpdates } from '../connections';
import { useLinkPreviewsLive } from '../link-previews';
import { usePostsLive } from '../posts';
import { useAccountUpdates, VerifyEmailBanner } from '../settings';
import { Navbar } from './Navbar';
import { MobileNav, Sidebar } from './Sidebar';
import { SocketLifecycle } from './SocketLifecycle';

export function AppLayout() {
  const { t } = useTranslation();
  const expanded = useAppSelector((s) => s.sidebar.isSidebarExpanded);
  // The chat is sized to the screen, 16 px from the navbar and from the bottom: a reminder above it would push
  // its composer off the bottom.
  const fullHeight = useMatch('/chat/*') !== null;
  return (
    <SocketLifecycle>
      {/* The sidebar's column is placed in this box, so it is as tall as the page. */}
      <div className="relative min-h-screen">
        <a
          href="#main"
          className="sr-only z-[60] rounded-xl bg-brand-primary px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
        >
          {t('ui.skipToMain')}
        </a>
        <Navbar />
        <Sidebar />
        <main
          id="main"
          tabIndex={-1}
          className={`outline-none px-3 pt-20 pb-24 transition-[padding] sm:px-6 ${fullHeight ? 'md:pb-4' : 'md:pb-10'} ${expanded ? 'md:ps-64' : 'md:ps-24'}`}
        >
          {!fullHeight && <VerifyEmailBanner />}
          <Outlet />
        </main>
        <MobileNav />
        <ChatAlerts />
        <ConnectionLive />
        <AccountLive />
        <PostsLive />
      </div>
    </SocketLifecycle>
  );
}

/** Keeps connection buttons and request lists in step with what the other person does. */
function ConnectionLive() {
  useConnectionUpdates();
  return null;
}

/** Applies role and address changes made elsewhere to this session at once. */
function AccountLive() {
  useAccountUpdates();
  return null;
}

/** Keeps counts and link cards on every post, comment and message shown current, and the feed's "New posts" offer prompt. */
function PostsLive() {
  usePostsLive();
  useLinkPreviewsLive();
  return null;
}
