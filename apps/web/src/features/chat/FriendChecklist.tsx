/** Friends to pick for a group, searchable, each a checkbox; people already in the group show as such. */
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { useDebouncedValue } from '../search';
import { useChatFriendsQuery } from './api';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { useTranslation } from 'react-i18next';

export interface FriendChecklistProps {
  picked: readonly ChatUser[];
  onToggle: (friend: ChatUser) => void;
  /** People already in the group: shown checked, not to be picked again. */
  already?: ReadonlySet<string>;
  /** No more can be picked (the group is full): unpicked friends are disabled. */
  full?: boolean;
}

export function FriendChecklist({ picked, onToggle, already, full = false }: FriendChecklistProps) {
  const { t } = useTranslation('chat');
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), 250);
  const { data: friends, isFetching, isError } = useChatFriendsQuery(search);
  const pickedIds = new Set(picked.map((p) => p._id));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('friends.searchPlaceholder')}
          aria-label={t('friends.search')}
          className="input rounded-full py-2 ps-9"
        />
      </div>
      <div className="mt-2 min-h-0 flex-1 overflow-y-auto">
        {!friends && isFetching ? (
          <p className="flex items-center gap-2 px-3 py-4 text-sm text-slate-500 dark:text-slate-400">
            <Spinner size="sm" /> {t('friends.loading')}
          </p>
        ) : isError ? (
          <p className="px-3 py-4 text-sm text-rose-600 dark:text-rose-400">{t('friends.failed')}</p>
        ) : friends && friends.length > 0 ? (
          <ul aria-label={t('friends.label')} className="space-y-0.5">
            {friends.map((friend) => {
              const inGroup = already?.has(friend._id) ?? false;
              const checked = inGroup || pickedIds.has(friend._id);
              const name = displayName(friend);
              return (
                <li key={friend._id}>
                  <label
                    className={`flex w-full items-center gap-3 rounded-xl px-3 py-2 ${inGroup || (full && !checked) ? 'opacity-60' : 'cursor-pointer hover:bg-slate-100 dark:hover:bg-slate-700/50'}`}
                  >
                    <Avatar name={name} id={friend._id} src={friend.userImage} size="sm" decorative />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{name}</span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {inGroup ? t('friends.alreadyIn') : `@${friend.userName}`}
                      </span>
                    </span>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={inGroup || (full && !checked)}
                      onChange={() => onToggle(friend)}
                      className="h-5 w-5 shrink-0 cursor-pointer accent-brand-primary disabled:cursor-not-allowed dark:[color-scheme:dark]"
                    />
                  </label>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <UserPlus className="h-6 w-6 text-brand-primary" aria-hidden />
            <p className="text-sm font-semibold">{search ? t('friends.noMatch', { search }) : t('friends.none')}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('friends.onlyFriends')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
