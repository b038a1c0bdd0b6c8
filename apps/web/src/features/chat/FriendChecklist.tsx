/** Friends to pick for a group, searchable, each a checkbox; people already in the group show as such. */
import { Avatar } from '../../components/Avatar';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { FriendSearch } from './FriendSearch';
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
  const pickedIds = new Set(picked.map((p) => p._id));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <FriendSearch
        listClassName="mt-2"
        emptyHint={<p className="text-xs text-slate-600 dark:text-slate-400">{t('friends.onlyFriends')}</p>}
        renderFriend={(friend) => {
          const inGroup = already?.has(friend._id) ?? false;
          const checked = inGroup || pickedIds.has(friend._id);
          const name = displayName(friend);
          return (
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
          );
        }}
      />
    </div>
  );
}
