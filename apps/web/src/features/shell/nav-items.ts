import { Bookmark, Home, MessageCircle, Settings, Users } from 'lucide-react';

export const NAV_ITEMS = [
  { to: '/feeds', label: 'Feed', icon: Home },
  { to: '/network', label: 'Network', icon: Users },
  { to: '/chat', label: 'Chat', icon: MessageCircle },
  { to: '/favorites', label: 'Favorites', icon: Bookmark },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;
