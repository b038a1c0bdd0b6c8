/** "New conversation": pick one of your friends to talk to; searchable. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { CloseButton } from '../../components/CloseButton';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { FriendSearch } from './FriendSearch';
import { useTranslation } from 'react-i18next';

interface FriendPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (user: ChatUser) => void;
}

export function FriendPicker({ open, onClose, onPick }: FriendPickerProps) {
  const { t } = useTranslation('chat');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel className="card flex max-h-[70vh] w-full max-w-md flex-col overflow-hidden">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
            <DialogTitle className="text-lg font-semibold">{t('list.newConversation')}</DialogTitle>
            <CloseButton onClick={onClose} />
          </div>
          <FriendSearch
            skip={!open}
            autoFocus
            searchClassName="px-5 pt-4"
            listClassName="p-3"
            emptyHint={
              <Link to="/network?tab=everyone" onClick={onClose} className="text-sm font-semibold text-brand-primary hover:underline">
                {t('friends.findPeople')}
              </Link>
            }
            renderFriend={(friend) => (
              <button
                type="button"
                onClick={() => onPick(friend)}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-slate-100 dark:hover:bg-slate-700/50"
              >
                <Avatar name={displayName(friend)} id={friend._id} src={friend.userImage} size="md" decorative />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold">{displayName(friend)}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">@{friend.userName}</span>
                </span>
              </button>
            )}
          />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
