/** The toast of a group message that arrived while the group is not open: who, in which group, what; Reply opens the group. */
import type { GroupMessage } from '@plaza/contract';
import { GroupAvatar } from './GroupAvatar';
import type { GroupSummary } from './group-api';
import { displayName } from './ConversationRow';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/** "Ana Lima in Trip": the line a toast or a browser notification starts with. */
export function groupMessageTitle(group: GroupSummary, message: GroupMessage): string {
  const sender = group.members.find((m) => m._id === message.senderId);
  return sender ? i18next.t('chatToast.inGroup', { name: displayName(sender), group: group.name }) : group.name;
}

interface GroupMessageToastProps {
  meId: string;
  group: GroupSummary;
  message: GroupMessage;
  onOpen: () => void;
}

export function GroupMessageToast({ meId, group, message, onOpen }: GroupMessageToastProps) {
  const { t } = useTranslation('common');
  const title = groupMessageTitle(group, message);
  const others = group.members.filter((m) => m._id !== meId).map(displayName);
  return (
    <div
      role="status"
      aria-label={t('chatToast.from', { name: title })}
      className="card w-[min(22rem,calc(100vw-1rem))] p-3 text-sm shadow-lg ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <div className="flex items-start gap-3">
        <GroupAvatar id={group._id} name={group.name} photo={group.photo} memberNames={others} size="sm" decorative />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{title}</p>
          <p className="line-clamp-2 text-slate-600 dark:text-slate-300">{message.messageText}</p>
        </div>
      </div>
      <div className="mt-2 flex justify-end gap-2">
        {/* A group's reply is written in the group, where everyone's messages are. */}
        <button
          type="button"
          onClick={onOpen}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          {t('chatToast.reply')}
        </button>
        <button
          type="button"
          onClick={onOpen}
          className="rounded-lg bg-brand-primary px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
        >
          {t('chatToast.open')}
        </button>
      </div>
    </div>
  );
}
