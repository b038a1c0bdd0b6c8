/** The top of an open group: back (on a phone), its picture and name, who is in it or typing, and its info button. */
import { BellOff, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackButton } from './BackButton';
import type { GroupSummary } from './group-api';
import { GroupAvatar } from './GroupAvatar';

interface GroupConversationHeaderProps {
  group: GroupSummary;
  /** The other members' names, for a group without a photo of its own. */
  memberNames: string[];
  /** Under the name: who is in the group and online, who is typing, or that one is no longer in it. */
  subtitle: string;
  typing: boolean;
  showBack: boolean;
  onBack: () => void;
  onInfo: () => void;
}

export function GroupConversationHeader({ group, memberNames, subtitle, typing, showBack, onBack, onInfo }: GroupConversationHeaderProps) {
  const { t } = useTranslation('chat');
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-700/70">
      {showBack && <BackButton onBack={onBack} />}
      <GroupAvatar id={group._id} name={group.name} photo={group.photo} memberNames={memberNames} size="sm" decorative />
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-1.5 truncate text-sm leading-tight font-semibold sm:text-base">
          <span className="truncate">{group.name}</span>
          {group.muted && (
            <BellOff role="img" aria-label={t('group.muted')} className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400" />
          )}
        </h2>
        <p
          aria-live="polite"
          className={`truncate text-xs ${typing ? 'font-medium text-brand-primary italic dark:text-indigo-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {subtitle}
        </p>
      </div>
      {!group.gone && (
        <button
          type="button"
          onClick={onInfo}
          aria-label={t('group.info')}
          title={t('group.info')}
          className="rounded-full p-[13px] text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 sm:p-2 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-200"
        >
          <Info className="h-5 w-5" />
        </button>
      )}
    </header>
  );
}
