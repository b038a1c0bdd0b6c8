/**
 * The notifications bell: unread badge, a panel with the list (click marks read and opens what it is
 * about), mark-all-read and clear-all. New notifications arrive over the socket without a reload.
 */
import type { Notification } from '@plaza/contract';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { unreadCountOf, useNotificationsInfiniteQuery } from './api';
import { notificationArrived } from './live';
import { NotificationsPanel } from './NotificationsPanel';
import { useTranslation } from 'react-i18next';

export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/** A pushed payload that is a notification, else null. The schema (and zod) load with the first one, not with the first screen. */
async function asNotification(payload: unknown): Promise<Notification | null> {
  const { notificationSchema } = await import('@plaza/contract');
  const parsed = notificationSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export function NotificationsBell() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  // The bell keeps the first page loaded for as long as someone is signed in: it carries the unread count.
  const { unread } = useNotificationsInfiniteQuery(undefined, { selectFromResult: ({ data }) => ({ unread: unreadCountOf(data) }) });

  useSocketEvent('notification', (payload: unknown) => {
    void asNotification(payload).then((notification) => {
      if (!notification) return;
      dispatch(notificationArrived(notification));
      toast(notification.text, { icon: <Bell className="h-4 w-4 text-brand-primary" /> });
    });
  });

  // A plain disclosure rather than a popover with focus sentinels (those are focusable yet aria-hidden):
  // Escape or a click elsewhere closes it, and focus goes back to the bell when it closed from inside.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // The count as the badge shows it ("9+"), so the name holds what is seen.
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread, badge: badgeText(unread) }) : t('notifications.title')}
        className={`relative rounded-full p-3 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${open ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
      >
        <Bell className="h-5 w-5" />
        {unread > 0 && (
          <span
            data-testid="notifications-badge"
            aria-hidden
            className="absolute top-0 end-0 flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-pink-700 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white dark:ring-brand-dark"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label={t('notifications.title')}
          className="card fixed inset-x-2 top-16 z-50 flex max-h-[min(32rem,80vh)] flex-col overflow-hidden shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:end-0 sm:mt-2 sm:w-96"
        >
          <NotificationsPanel
            onNavigate={() => {
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
