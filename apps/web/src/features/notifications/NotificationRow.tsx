/** One notification: who (or Plaza's moderators) with a badge for its kind, what happened, when, and whether it is unread. */
import type { Notification, NotificationType } from '@plaza/contract';
import { AtSign, Heart, MessageCircle, ShieldAlert, ThumbsUp, UserCheck, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { compactAge, exactTime } from '../../lib/dates';

const TYPE_ICON: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  friend_request: { icon: UserPlus, className: 'bg-brand-primary' },
  friend_accept: { icon: UserCheck, className: 'bg-emerald-500' },
  post_reaction: { icon: Heart, className: 'bg-rose-500' },
  post_comment: { icon: MessageCircle, className: 'bg-sky-500' },
  comment_like: { icon: ThumbsUp, className: 'bg-amber-500' },
  content_removed: { icon: ShieldAlert, className: 'bg-slate-600' },
  mention: { icon: AtSign, className: 'bg-violet-600' },
};

export function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation('common');
  const kind = TYPE_ICON[n.type];
  const Icon = kind.icon;
  return (
    <button
      onClick={onOpen}
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
        <span className={`block text-sm ${n.read ? 'text-slate-600 dark:text-slate-300' : 'font-medium text-slate-900 dark:text-white'}`}>
          {n.text}
        </span>
        <time dateTime={n.createdAt} title={exactTime(n.createdAt)} className="text-xs text-slate-600 dark:text-slate-300">
          {compactAge(n.createdAt)}
        </time>
      </span>
      {!n.read && (
        <span aria-label={t('notifications.unread')} role="img" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-primary" />
      )}
    </button>
  );
}
