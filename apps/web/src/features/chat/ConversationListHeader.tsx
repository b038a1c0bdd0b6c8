/** The top of the chat's list: its heading and buttons (message notifications, a new group, a new conversation), search and filters. */
import { Bell, BellOff, SquarePen, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/SearchBox';
import { toast } from '../../lib/toast';
import type { ChatListFilter } from './chat-list';
import { desktopNotificationsSupported, setDesktopNotifications, useDesktopNotifications } from './desktop-notifications';

const iconButton =
  'rounded-full p-[13px] text-slate-500 transition sm:p-2 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-200';

interface ConversationListHeaderProps {
  query: string;
  setQuery: (query: string) => void;
  filter: ChatListFilter;
  setFilter: (filter: ChatListFilter) => void;
  onNewGroup: () => void;
  onNewConversation: () => void;
}

export function ConversationListHeader({ query, setQuery, filter, setFilter, onNewGroup, onNewConversation }: ConversationListHeaderProps) {
  const { t } = useTranslation('chat');
  return (
    <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-700/70">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('list.heading')}</h2>
        <div className="flex items-center">
          {desktopNotificationsSupported() && <NotificationsToggle />}
          <button type="button" onClick={onNewGroup} aria-label={t('list.newGroup')} title={t('list.newGroup')} className={iconButton}>
            <UsersRound className="h-[18px] w-[18px]" />
          </button>
          <button
            type="button"
            onClick={onNewConversation}
            aria-label={t('list.newConversation')}
            title={t('list.newConversation')}
            className={iconButton}
          >
            <SquarePen className="h-[18px] w-[18px]" />
          </button>
        </div>
      </div>
      <SearchBox
        pill
        value={query}
        onChange={setQuery}
        onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
        placeholder={t('list.searchPlaceholder')}
        label={t('list.search')}
      />
      <div className="flex items-center gap-2">
        <div role="group" aria-label={t('list.show')} className="flex flex-1 gap-2">
          <Chip active={filter === 'all'} onClick={() => setFilter('all')}>
            {t('list.all')}
          </Chip>
          <Chip active={filter === 'unread'} onClick={() => setFilter(filter === 'unread' ? 'all' : 'unread')}>
            {t('list.unread')}
          </Chip>
          <Chip active={filter === 'groups'} onClick={() => setFilter(filter === 'groups' ? 'all' : 'groups')}>
            {t('list.groups')}
          </Chip>
        </div>
      </div>
    </div>
  );
}

/** Message notifications from the browser while Plaza is in the background, on or off. */
function NotificationsToggle() {
  const { t } = useTranslation('chat');
  const notifying = useDesktopNotifications();

  async function toggleNotifications() {
    const on = await setDesktopNotifications(!notifying);
    if (!notifying && !on) toast.error('Notifications are blocked for this site in your browser settings.');
    else toast.success(on ? 'You will be notified of messages while Plaza is in the background' : 'Message notifications are off');
  }

  return (
    <button
      type="button"
      onClick={() => void toggleNotifications()}
      aria-pressed={notifying}
      aria-label={notifying ? t('list.notifyOff') : t('list.notifyOn')}
      title={notifying ? t('list.notifyingTitle') : t('list.notifyTitle')}
      className={`${iconButton} ${notifying ? 'text-brand-primary dark:text-indigo-300' : ''}`}
    >
      {notifying ? <Bell className="h-[18px] w-[18px]" /> : <BellOff className="h-[18px] w-[18px]" />}
    </button>
  );
}

function Chip({ active, children, ...rest }: { active: boolean; children: ReactNode; onClick?: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      {...rest}
      className={`min-h-11 rounded-full px-4 text-sm font-semibold transition sm:min-h-8 sm:px-3 sm:text-xs ${
        active
          ? 'bg-brand-primary text-white shadow-sm'
          : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-700/60 dark:text-slate-300 dark:hover:bg-slate-700'
      }`}
    >
      {children}
    </button>
  );
}
