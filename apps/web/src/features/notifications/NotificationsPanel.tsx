/** The inside of the bell's panel: header actions, the list and its empty, loading and error states. */
import { pairRoom, type Notification } from '@plaza/contract';
import { BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { PersonRowSkeletons } from '../../components/PersonRowSkeletons';
import { isCanceledError } from '../connections';
import { useProfilePath } from '../../lib/profile-path';
import { useAppSelector } from '../../app/hooks';
import {
  NOTIFICATION_ERRORS,
  notificationsOf,
  unreadCountOf,
  useClearNotificationsMutation,
  useMarkNotificationReadMutation,
  useNotificationsInfiniteQuery,
} from './api';
import { NotificationRow } from './NotificationRow';
import { useTranslation } from 'react-i18next';

/**
 * Where a mention leads (product.md § Mentions): its post (a comment's: the post it is on), or its conversation,
 * named `conversation:<key>`: the pair room of a one-to-one conversation opens the chat with its author.
 */
export function mentionTarget(entityId: string, myId: string, author: { _id: string; userName: string }): string {
  const conversation = /^conversation:(.+)$/.exec(entityId)?.[1];
  if (conversation === undefined) return `/posts/${encodeURIComponent(entityId)}`;
  return conversation === pairRoom(myId, author._id)
    ? `/chat/${encodeURIComponent(author.userName)}`
    : `/chat/g/${encodeURIComponent(conversation)}`;
}

/** Where a notification leads: a request's or an acceptance's person, a mention's post or conversation, else the feed. */
function useNotificationTarget() {
  const profilePath = useProfilePath();
  const myId = useAppSelector((s) => s.auth.userDetails?._id ?? '');
  return (n: Notification) => {
    if (n.type === 'friend_request' || n.type === 'friend_accept') return profilePath(n.actor.userName);
    if (n.type === 'mention' && n.entityId) return mentionTarget(n.entityId, myId, n.actor);
    return '/feeds';
  };
}

export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const targetOf = useNotificationTarget();
  // Opening the panel refreshes the list; live arrivals already sit on top.
  const list = useNotificationsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNotificationReadMutation();
  const [clear, { isLoading: clearing }] = useClearNotificationsMutation();
  const items = notificationsOf(list.data);
  const unreadCount = unreadCountOf(list.data);

  /** Resolves to whether it failed for a reason worth telling (not a duplicate canceled in flight). */
  const markOne = (id: string) =>
    markRead(id)
      .unwrap()
      .then(
        () => false,
        (error: unknown) => !isCanceledError(error),
      );

  async function open(n: Notification) {
    onNavigate();
    void navigate(targetOf(n));
    if (n.read) return;
    if (await markOne(n._id)) toast.error(NOTIFICATION_ERRORS.markRead);
  }

  // There is no bulk call: every unread one is marked on its own.
  async function markAll() {
    const failed = await Promise.all(items.filter((n) => !n.read).map((n) => markOne(n._id)));
    if (failed.some(Boolean)) toast.error(NOTIFICATION_ERRORS.markRead);
  }

  async function clearAll() {
    try {
      await clear().unwrap();
    } catch (error) {
      if (!isCanceledError(error)) toast.error(NOTIFICATION_ERRORS.clear);
    }
  }

  return (
    <>
      <PanelHeader
        canMarkAll={unreadCount > 0}
        canClear={items.length > 0 && !clearing}
        onMarkAll={() => void markAll()}
        onClear={() => void clearAll()}
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {items.length === 0 && list.isError && !list.isFetching ? (
          <div className="p-4">
            <ErrorBanner message={NOTIFICATION_ERRORS.fetch} onRetry={() => void list.refetch()} />
          </div>
        ) : items.length === 0 && !list.data ? (
          <PersonRowSkeletons count={4} lineWidths={['w-4/5', 'w-10']} className="space-y-1 p-2" rowClassName="px-2 py-2" />
        ) : items.length === 0 ? (
          <NoNotifications />
        ) : (
          <ul aria-label={t('notifications.list')} className="divide-y divide-slate-100 dark:divide-slate-700/60">
            {items.map((n) => (
              <li key={n._id}>
                <NotificationRow notification={n} onOpen={() => void open(n)} />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && list.isFetchNextPageError && (
          <div className="p-3">
            <ErrorBanner message={NOTIFICATION_ERRORS.fetch} onRetry={() => void list.fetchNextPage()} />
          </div>
        )}
        {items.length > 0 && list.hasNextPage && (
          <div className="flex justify-center p-3">
            <Button size="sm" variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('notifications.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

const headerButton =
  'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';

interface PanelHeaderProps {
  canMarkAll: boolean;
  canClear: boolean;
  onMarkAll: () => void;
  onClear: () => void;
}

function PanelHeader({ canMarkAll, canClear, onMarkAll, onClear }: PanelHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
      <h2 className="font-semibold">{t('notifications.title')}</h2>
      <div className="flex items-center gap-1">
        <button
          onClick={onMarkAll}
          disabled={!canMarkAll}
          className={`${headerButton} text-brand-primary hover:bg-brand-primary/10 dark:text-indigo-300`}
        >
          <CheckCheck className="h-3.5 w-3.5" /> {t('notifications.markAll')}
        </button>
        <button
          onClick={onClear}
          disabled={!canClear}
          className={`${headerButton} text-slate-500 hover:bg-slate-100 hover:text-rose-600 dark:text-slate-400 dark:hover:bg-slate-700`}
        >
          <Trash2 className="h-3.5 w-3.5" /> {t('notifications.clearAll')}
        </button>
      </div>
    </div>
  );
}

function NoNotifications() {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <div className="rounded-full bg-brand-primary/10 p-3 text-brand-primary dark:text-indigo-300">
        <BellOff className="h-6 w-6" />
      </div>
      <p className="font-semibold">{t('notifications.emptyTitle')}</p>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('notifications.emptyText')}</p>
    </div>
  );
}
