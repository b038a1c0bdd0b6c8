/** The counts on the navigation: received friend requests on Network, unread chat messages on Chat. */
import { useUnreadChatCount } from '../chat';
import { useReceivedRequestCount } from '../connections';
import { BADGE_LABEL, type NavBadge } from './nav-items';
import { useTranslation } from 'react-i18next';

export function useNavBadges(): Record<NavBadge, number> {
  return { requests: useReceivedRequestCount(), chat: useUnreadChatCount() };
}

export function NavBadgeCount({ kind, count, compact }: { kind: NavBadge; count: number; compact: boolean }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      aria-label={t(BADGE_LABEL[kind], { count })}
      data-testid={`nav-badge-${kind}`}
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] leading-none font-bold text-white ring-2 ring-white dark:ring-brand-dark ${
        compact ? 'absolute -top-1.5 -end-2' : 'ms-auto'
      }`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
