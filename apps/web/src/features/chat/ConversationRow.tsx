/**
 * One person in the conversations list: avatar with presence dot, name, the last message's preview (or the
 * bio, for someone not talked with yet), last-message time and unread badge.
 */
import { memo } from 'react';
import { Avatar } from '../../components/Avatar';
import { listTime } from '../../lib/dates';
import type { ChatListRow } from './chat-list';
import type { ChatUser } from './chat-model';
import { useTranslation } from 'react-i18next';

export function PresenceDot({ online, className = '' }: { online: boolean; className?: string }) {
  const { t } = useTranslation('chat');
  return (
    <span
      role="img"
      aria-label={online ? t('conversation.online') : t('conversation.offline')}
      className={`absolute end-0 bottom-0 h-3 w-3 rounded-full ring-2 ring-white dark:ring-brand-surface-dark ${online ? 'bg-emerald-500' : 'bg-slate-400 dark:bg-slate-500'} ${className}`}
    />
  );
}

export const displayName = (user: Pick<ChatUser, 'fullName' | 'userName'>) => user.fullName?.trim() || user.userName;

export const ConversationRow = memo(function ConversationRow({
  row,
  selected,
  onSelect,
}: {
  row: ChatListRow;
  selected: boolean;
  onSelect: (user: ChatUser) => void;
}) {
  const { t } = useTranslation('chat');
  const { user, online, unreadCount, lastMessageAt, preview, typing } = row;
  const name = displayName(user);
  return (
    <button
      type="button"
      onClick={() => onSelect(user)}
      aria-current={selected ? 'true' : undefined}
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start transition ${
        selected ? 'bg-brand-primary/10 dark:bg-brand-primary/20' : 'hover:bg-slate-100 dark:hover:bg-slate-700/50'
      }`}
    >
      <span className="relative shrink-0">
        <Avatar name={name} id={user._id} src={user.userImage} size="md" decorative />
        <PresenceDot online={online} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-sm ${unreadCount > 0 ? 'font-bold' : 'font-semibold'}`}>{name}</span>
          {lastMessageAt && (
            <time
              dateTime={lastMessageAt}
              className={`shrink-0 text-[11px] ${unreadCount > 0 ? 'font-semibold text-brand-primary dark:text-indigo-300' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {listTime(lastMessageAt)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          {typing ? (
            <span className="truncate text-xs font-medium text-brand-primary italic dark:text-indigo-300">{t('typing')}</span>
          ) : preview !== null ? (
            <span
              className={`truncate text-xs ${unreadCount > 0 ? 'font-semibold text-slate-800 dark:text-slate-100' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {preview}
            </span>
          ) : (
            <span className="truncate text-xs text-slate-600 dark:text-slate-400">{user.userBio?.trim() || t('row.noBio')}</span>
          )}
          {unreadCount > 0 && (
            <span
              aria-label={t('row.unread', { count: unreadCount })}
              className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-primary px-1.5 text-[11px] font-bold text-white"
            >
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
          )}
        </span>
      </span>
    </button>
  );
});
