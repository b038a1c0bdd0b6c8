/** One group in the conversations list: its picture, name, the last line (or who is typing), time and unread badge. */
import { BellOff } from 'lucide-react';
import { memo } from 'react';
import { listTime } from '../../lib/dates';
import type { GroupListRow } from './group-list';
import { typingLine } from './group-texts';
import { GroupAvatar } from './GroupAvatar';
import { useTranslation } from 'react-i18next';

export const GroupRow = memo(function GroupRow({
  row,
  selected,
  onSelect,
}: {
  row: GroupListRow;
  selected: boolean;
  onSelect: (groupId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const { group, others, unreadCount, lastMessageAt, preview, typing } = row;
  const typingText = typingLine(typing);
  // A muted group's count shows, but quietly: it is not in the badge either.
  const badge = group.muted ? 'bg-slate-500 dark:bg-slate-600' : 'bg-brand-primary';
  return (
    <button
      type="button"
      onClick={() => onSelect(group._id)}
      aria-current={selected ? 'true' : undefined}
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start transition ${
        selected ? 'bg-brand-primary/10 dark:bg-brand-primary/20' : 'hover:bg-slate-100 dark:hover:bg-slate-700/50'
      }`}
    >
      <GroupAvatar id={group._id} name={group.name} photo={group.photo} memberNames={others} decorative />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`flex min-w-0 items-center gap-1 text-sm ${unreadCount > 0 ? 'font-bold' : 'font-semibold'}`}>
            <span className="truncate">{group.name}</span>
            <span className="sr-only">{t('row.groupOf', { count: group.members.length })}</span>
            {group.muted && (
              <BellOff role="img" aria-label={t('group.muted')} className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400" />
            )}
          </span>
          {lastMessageAt && (
            <time
              dateTime={lastMessageAt}
              className={`shrink-0 text-[11px] ${unreadCount > 0 && !group.muted ? 'font-semibold text-brand-primary dark:text-indigo-300' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {listTime(lastMessageAt)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          {typingText ? (
            <span className="truncate text-xs font-medium text-brand-primary italic dark:text-indigo-300">{typingText}</span>
          ) : (
            <span
              className={`truncate text-xs ${unreadCount > 0 ? 'font-semibold text-slate-800 dark:text-slate-100' : 'text-slate-600 dark:text-slate-400'}`}
            >
              {preview ?? others.join(', ')}
            </span>
          )}
          {unreadCount > 0 && (
            <span
              aria-label={t('row.unread', { count: unreadCount })}
              className={`inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-[11px] font-bold text-white ${badge}`}
            >
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
          )}
        </span>
      </span>
    </button>
  );
});
