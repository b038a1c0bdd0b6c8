/**
 * The caller's friends, searchable: the search box, then the list with its loading, failure and empty
 * states. Each row's content is the caller's (a button to pick one, a checkbox to add several).
 */
import { Search, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useDebouncedValue } from '../search';
import { useChatFriendsQuery } from './api';
import type { ChatUser } from './chat-model';

interface FriendSearchProps {
  renderFriend: (friend: ChatUser) => ReactNode;
  /** Under "No friends yet": what the person can do about it. */
  emptyHint: ReactNode;
  skip?: boolean;
  autoFocus?: boolean;
  searchClassName?: string;
  listClassName?: string;
}

export function FriendSearch({
  renderFriend,
  emptyHint,
  skip = false,
  autoFocus = false,
  searchClassName = '',
  listClassName = '',
}: FriendSearchProps) {
  const { t } = useTranslation('chat');
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), 250);
  const { data: friends, isFetching, isError } = useChatFriendsQuery(search, { skip });
  return (
    <>
      <div className={searchClassName}>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            autoFocus={autoFocus}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={t('friends.searchPlaceholder')}
            aria-label={t('friends.search')}
            className="input rounded-full py-2 ps-9"
          />
        </div>
      </div>
      <div className={`min-h-0 flex-1 overflow-y-auto ${listClassName}`}>
        {!friends && isFetching ? (
          <p className="flex items-center gap-2 px-3 py-4 text-sm text-slate-600 dark:text-slate-400">
            <Spinner size="sm" /> {t('friends.loading')}
          </p>
        ) : isError ? (
          <p className="px-3 py-4 text-sm text-rose-600 dark:text-rose-400">{t('friends.failed')}</p>
        ) : friends && friends.length > 0 ? (
          <ul aria-label={t('friends.label')} className="space-y-0.5">
            {friends.map((friend) => (
              <li key={friend._id}>{renderFriend(friend)}</li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <UserPlus className="h-6 w-6 text-brand-primary" aria-hidden />
            <p className="text-sm font-semibold">{search ? t('friends.noMatch', { search }) : t('friends.none')}</p>
            {emptyHint}
          </div>
        )}
      </div>
    </>
  );
}
