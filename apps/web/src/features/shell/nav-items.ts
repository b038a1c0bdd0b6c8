import { Bookmark, Home, MessageCircle, Settings, Users } from 'lucide-react';

/** `badge` names the count shown on the item: received friend requests, unread chat messages. */
export const NAV_ITEMS = [
  { to: '/feeds', label: 'Feed', icon: Home },
  { to: '/network', label: 'Network', icon: Users, badge: 'requests' },
  { to: '/chat', label: 'Chat', icon: MessageCircle, badge: 'chat' },
  { to: '/favorites', label: 'Favorites', icon: Bookmark },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;

export type NavBadge = 'requests' | 'chat';

/** How the badge reads to a screen reader. */
export const BADGE_LABEL: Record<NavBadge, (n: number) => string> = {
  requests: (n) => `${n} friend ${n === 1 ? 'request' : 'requests'}`,
  chat: (n) => `${n} unread ${n === 1 ? 'message' : 'messages'}`,
};
