import { Bookmark, Home, MessageCircle, Settings, Users } from 'lucide-react';

/** `badge` names the count shown on the item: received friend requests, unread chat messages. */
export const NAV_ITEMS = [
  { to: '/feeds', label: 'nav.feed', icon: Home },
  { to: '/network', label: 'nav.network', icon: Users, badge: 'requests' },
  { to: '/chat', label: 'nav.chat', icon: MessageCircle, badge: 'chat' },
  { to: '/favorites', label: 'nav.favorites', icon: Bookmark },
  { to: '/settings', label: 'nav.settings', icon: Settings },
] as const;

export type NavBadge = 'requests' | 'chat';

/** How the badge reads to a screen reader: the key of a plural text in the common catalog. */
export const BADGE_LABEL = { requests: 'nav.requestsBadge', chat: 'nav.chatBadge' } as const satisfies Record<NavBadge, string>;
