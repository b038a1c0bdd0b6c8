/** The top of a conversation with one person: back (on a phone), who, whether online or typing, and the safety menu. */
import { useTranslation } from 'react-i18next';
import { BackButton } from './BackButton';
import { Avatar } from '../../components/Avatar';
import { SafetyMenu } from '../safety';
import type { ChatUser } from './chat-model';
import { displayName, PresenceDot } from './ConversationRow';

interface ConversationHeaderProps {
  user: ChatUser;
  online: boolean;
  typing: boolean;
  showBack: boolean;
  onBack: () => void;
}

export function ConversationHeader({ user, online, typing, showBack, onBack }: ConversationHeaderProps) {
  const { t } = useTranslation('chat');
  const name = displayName(user);
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-700/70">
      {showBack && <BackButton onBack={onBack} />}
      <span className="relative shrink-0">
        <Avatar name={name} id={user._id} src={user.userImage} size="sm" />
        <PresenceDot online={online} className="h-2.5 w-2.5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm leading-tight font-semibold sm:text-base">{name}</h2>
        <p
          aria-live="polite"
          className={`text-xs ${typing ? 'font-medium text-brand-primary italic dark:text-indigo-300' : online ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {typing ? t('typing') : online ? t('conversation.online') : t('conversation.offline')}
        </p>
      </div>
      <SafetyMenu person={user} label={t('conversation.moreOptions')} />
    </header>
  );
}
