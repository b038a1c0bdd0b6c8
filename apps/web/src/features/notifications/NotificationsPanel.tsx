/** The inside of the bell's panel: header actions, the list and its empty, loading and error states. */
import { pairRoom, type Notification, type NotificationType } from '@plaza/contract';
import {
  AtSign,
  BellOff,
  CheckCheck,
  Heart,
  MessageCircle,
  ShieldAlert,
  ThumbsUp,
  Trash2,
  UserCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { PersonRowSkeletons } from '../../components/PersonRowSkeletons';
import { compactAge, exactTime } from '../../lib/dates';
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
import { useTranslation } from 'react-i18next';

const TYPE_ICON: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  friend_request: { icon: UserPlus, className: 'bg-brand-primary' },
  friend_accept: { icon: UserCheck, className: 'bg-emerald-500' },
  post_reaction: { icon: Heart, className: 'bg-rose-500' },
  post_comment: { icon: MessageCircle, className: 'bg-sky-500' },
  comment_like: { icon: ThumbsUp, className: 'bg-amber-500' },
  content_removed: { icon: ShieldAlert, className: 'bg-slate-600' },
  mention: { icon: AtSign, className: 'bg-violet-600' },
};

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

// Long: kept whole on purpose: split into parts, the feed's first load grew past its JavaScript budget (js-budget.spec.ts).
export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const profilePath = useProfilePath();
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

  const myId = useAppSelector((s) => s.auth.userDetails?._id ?? '');

  const targetOf = (n: Notification) => {
    if (n.type === 'friend_request' || n.type === 'friend_accept') return profilePath(n.actor.userName);
    if (n.type === 'mention' && n.entityId) return mentionTarget(n.entityId, myId, n.actor);
    return '/feeds';
  };

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

  const headerButton =
    'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h2 className="font-semibold">{t('notifications.title')}</h2>
        <div className="flex items-center gap-1">
          <button
            onClick={() => void markAll()}
            disabled={unreadCount === 0}
            className={`${headerButton} text-brand-primary hover:bg-brand-primary/10 dark:text-indigo-300`}
          >
            <CheckCheck className="h-3.5 w-3.5" /> {t('notifications.markAll')}
          </button>
          <button
            onClick={() => void clearAll()}
            disabled={items.length === 0 || clearing}
            className={`${headerButton} text-slate-500 hover:bg-slate-100 hover:text-rose-600 dark:text-slate-400 dark:hover:bg-slate-700`}
          >
            <Trash2 className="h-3.5 w-3.5" /> {t('notifications.clearAll')}
          </button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {items.length === 0 && list.isError && !list.isFetching ? (
          <div className="p-4">
            <ErrorBanner message={NOTIFICATION_ERRORS.fetch} onRetry={() => void list.refetch()} />
          </div>
        ) : items.length === 0 && !list.data ? (
          <PersonRowSkeletons count={4} lineWidths={['w-4/5', 'w-10']} className="space-y-1 p-2" rowClassName="px-2 py-2" />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <div className="rounded-full bg-brand-primary/10 p-3 text-brand-primary dark:text-indigo-300">
              <BellOff className="h-6 w-6" />
            </div>
            <p className="font-semibold">{t('notifications.emptyTitle')}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('notifications.emptyText')}</p>
          </div>
        ) : (
          <ul aria-label={t('notifications.list')} className="divide-y divide-slate-100 dark:divide-slate-700/60">
            {items.map((n) => {
              const kind = TYPE_ICON[n.type];
              const Icon = kind.icon;
              return (
                <li key={n._id}>
                  <button
                    onClick={() => void open(n)}
                    className={`flex w-full items-start gap-3 px-4 py-3 text-start transition hover:bg-slate-50 dark:hover:bg-slate-700/40 ${n.read ? '' : 'bg-brand-primary/5 dark:bg-brand-primary/10'}`}
                  >
                    <span className="relative shrink-0">
                      {/* Moderators act for Plaza, not as themselves. */}
                      {n.type === 'content_removed' ? (
                        <Avatar name={t('notifications.moderation')} id="moderation" src={null} size="md" />
                      ) : (
                        <Avatar name={n.actor.fullName} id={n.actor._id} src={n.actor.userImage} size="md" />
                      )}
                      <span
                        className={`absolute -end-1 -bottom-1 flex h-5 w-5 items-center justify-center rounded-full text-white ring-2 ring-white dark:ring-brand-surface-dark ${kind.className}`}
                      >
                        <Icon className="h-3 w-3" />
                      </span>
                    </span>
                    <span className="min-w-0 flex-1">
                      <span
                        className={`block text-sm ${n.read ? 'text-slate-600 dark:text-slate-300' : 'font-medium text-slate-900 dark:text-white'}`}
                      >
                        {n.text}
                      </span>
                      <time dateTime={n.createdAt} title={exactTime(n.createdAt)} className="text-xs text-slate-600 dark:text-slate-300">
                        {compactAge(n.createdAt)}
                      </time>
                    </span>
                    {!n.read && (
                      <span
                        aria-label={t('notifications.unread')}
                        role="img"
                        className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-primary"
                      />
                    )}
                  </button>
                </li>
              );
            })}
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
