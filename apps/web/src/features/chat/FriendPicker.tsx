/** "New conversation": pick one of your friends to talk to; searchable. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { CloseButton } from '../../components/CloseButton';
import { Spinner } from '../../components/Spinner';
import { useDebouncedValue } from '../search';
import { useChatFriendsQuery } from './api';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { useTranslation } from 'react-i18next';

interface FriendPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (user: ChatUser) => void;
}

export function FriendPicker({ open, onClose, onPick }: FriendPickerProps) {
  const { t } = useTranslation('chat');
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), 250);
  const { data: friends, isFetching, isError } = useChatFriendsQuery(search, { skip: !open });
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel className="card flex max-h-[70vh] w-full max-w-md flex-col overflow-hidden">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
            <DialogTitle className="text-lg font-semibold">{t('list.newConversation')}</DialogTitle>
            <CloseButton onClick={onClose} />
          </div>
          <div className="relative px-5 pt-4">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 start-8 mt-2 h-4 w-4 -translate-y-1/2 text-slate-400" />
            <input
              autoFocus
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t('friends.searchPlaceholder')}
              aria-label={t('friends.search')}
              className="input rounded-full py-2 ps-9"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-3">
            {!friends && isFetching ? (
              <p className="flex items-center gap-2 px-3 py-4 text-sm text-slate-500">
                <Spinner size="sm" /> {t('friends.loading')}
              </p>
            ) : isError ? (
              <p className="px-3 py-4 text-sm text-rose-600">{t('friends.failed')}</p>
            ) : friends && friends.length > 0 ? (
              <ul aria-label={t('friends.label')} className="space-y-0.5">
                {friends.map((friend) => (
                  <li key={friend._id}>
                    <button
                      type="button"
                      onClick={() => onPick(friend)}
                      className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-slate-100 dark:hover:bg-slate-700/50"
                    >
                      <Avatar name={displayName(friend)} id={friend._id} src={friend.userImage} size="md" decorative />
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-semibold">{displayName(friend)}</span>
                        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">@{friend.userName}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
                <UserPlus className="h-6 w-6 text-brand-primary" />
                <p className="text-sm font-semibold">{search ? t('friends.noMatch', { search }) : t('friends.none')}</p>
                <Link to="/network?tab=everyone" onClick={onClose} className="text-sm font-semibold text-brand-primary hover:underline">
                  {t('friends.findPeople')}
                </Link>
              </div>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
