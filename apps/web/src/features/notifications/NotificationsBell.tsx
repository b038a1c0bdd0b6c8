/**
 * The notifications bell: unread badge, a panel with the list (click marks read and opens what it is
 * about), mark-all-read and clear-all. New notifications arrive over the socket without a reload.
 */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { notificationSchema, type Notification } from '@plaza/contract';
import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { unreadCountOf, useNotificationsInfiniteQuery } from './api';
import { notificationArrived } from './live';
import { NotificationsPanel } from './NotificationsPanel';

export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

export function NotificationsBell() {
  const dispatch = useAppDispatch();
  // The bell keeps the first page loaded for as long as someone is signed in: it carries the unread count.
  const { unread } = useNotificationsInfiniteQuery(undefined, { selectFromResult: ({ data }) => ({ unread: unreadCountOf(data) }) });

  useSocketEvent('notification', (payload: unknown) => {
    const parsed = notificationSchema.safeParse(payload);
    if (!parsed.success) return;
    const notification: Notification = parsed.data;
    dispatch(notificationArrived(notification));
    toast(notification.text, { icon: <Bell className="h-4 w-4 text-brand-primary" /> });
  });

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative rounded-full p-2 text-slate-600 outline-none hover:bg-slate-100 focus-visible:outline-2 data-open:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-open:bg-slate-800"
      >
        <Bell className="h-5 w-5" />
        {unread > 0 && (
          <span
            data-testid="notifications-badge"
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-brand-accent px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white dark:ring-brand-dark"
          >
            {badgeText(unread)}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        transition
        className="card z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden shadow-xl transition duration-150 data-closed:-translate-y-1 data-closed:opacity-0"
      >
        {({ close }) => <NotificationsPanel onNavigate={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
