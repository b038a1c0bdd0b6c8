/** The left panel 'Conversations' (product.md § Chat): search, filter chips, groups and the people one can chat with. */
import { Users, UsersRound } from 'lucide-react';
import { Fragment, useState, type RefObject } from 'react';
import { ErrorBanner } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import type { ChatListFilter } from './chat-list';
import { CHAT_ERRORS, type ChatUser, type ConversationSummary, type Presence } from './chat-model';
import { ConversationListHeader } from './ConversationListHeader';
import { ConversationRow } from './ConversationRow';
import { FriendPicker } from './FriendPicker';
import type { GroupSummary } from './group-api';
import type { GroupTyping } from './group-typing';
import { GroupRow } from './GroupRow';
import { NewGroupDialog } from './NewGroupDialog';
import { useChatList } from './use-chat-list';
import { useTranslation } from 'react-i18next';

export interface ConversationListProps {
  meId: string;
  conversations: readonly ConversationSummary[];
  presence: Presence;
  selectedId: string | null;
  onSelect: (user: ChatUser) => void;
  groups: readonly GroupSummary[];
  groupTyping: GroupTyping;
  selectedGroupId: string | null;
  onSelectGroup: (groupId: string) => void;
}

export function ConversationList({
  meId,
  conversations,
  presence,
  selectedId,
  onSelect,
  groups,
  groupTyping,
  selectedGroupId,
  onSelectGroup,
}: ConversationListProps) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ChatListFilter>('all');
  const { term, entries, settled, firstLoad, isFetching, isError, retry, sentinel } = useChatList({
    meId,
    conversations,
    presence,
    selectedId,
    groups,
    groupTyping,
    selectedGroupId,
    query,
    filter,
  });
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <FriendPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(user) => {
          setPicking(false);
          onSelect(user);
        }}
      />
      <NewGroupDialog
        open={creating}
        me={meId}
        onClose={() => setCreating(false)}
        onCreated={(group) => {
          setCreating(false);
          onSelectGroup(group._id);
        }}
      />
      <ConversationListHeader
        query={query}
        setQuery={setQuery}
        filter={filter}
        setFilter={setFilter}
        onNewGroup={() => setCreating(true)}
        onNewConversation={() => setPicking(true)}
      />

      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {firstLoad ? (
          <ListLoading />
        ) : entries.length === 0 && isError && filter !== 'groups' ? (
          <div className="p-2">
            <ErrorBanner message={CHAT_ERRORS.users} onRetry={retry} />
          </div>
        ) : entries.length === 0 ? (
          <EmptyList query={term} filter={filter} settled={settled} onNewGroup={() => setCreating(true)} />
        ) : (
          <ChatListEntries
            entries={entries}
            selectedId={selectedId}
            onSelect={onSelect}
            selectedGroupId={selectedGroupId}
            onSelectGroup={onSelectGroup}
            sentinel={sentinel}
            isFetching={isFetching}
            isError={isError}
            retry={retry}
          />
        )}
      </div>
    </div>
  );
}

function EmptyList({
  query,
  filter,
  settled,
  onNewGroup,
}: {
  query: string;
  filter: ChatListFilter;
  settled: boolean;
  onNewGroup: () => void;
}) {
  const { t } = useTranslation('chat');
  if (query && !settled) {
    return (
      <p className="flex items-center gap-2 px-3 py-4 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size="sm" />
        {t('list.loading')}
      </p>
    );
  }
  const [title, hint] =
    filter === 'groups'
      ? query
        ? [t('list.empty.noGroupsMatch', { query }), t('list.empty.noGroupsMatchHint')]
        : [t('list.empty.noGroups'), t('list.empty.noGroupsHint')]
      : query
        ? [t('list.empty.noUsersMatch', { query }), t('list.empty.noUsersMatchHint')]
        : filter === 'unread'
          ? [t('list.empty.noUnread'), t('list.empty.noUnreadHint')]
          : [t('list.empty.nobody'), t('list.empty.nobodyHint')];
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <div className="rounded-full bg-brand-primary/10 p-3 text-brand-primary">
        <Users className="h-6 w-6" />
      </div>
      <p className="text-sm font-semibold">{title}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      {filter === 'groups' && !query && (
        <button
          type="button"
          onClick={onNewGroup}
          className="mt-2 inline-flex items-center gap-2 rounded-xl bg-brand-primary px-4 py-2 text-sm font-semibold text-white hover:bg-brand-primary-hover"
        >
          <UsersRound className="h-4 w-4" aria-hidden /> {t('list.newGroup')}
        </button>
      )}
    </div>
  );
}

interface ChatListEntriesProps {
  entries: ReturnType<typeof useChatList>['entries'];
  selectedId: string | null;
  onSelect: (user: ChatUser) => void;
  selectedGroupId: string | null;
  onSelectGroup: (groupId: string) => void;
  /** Marks the end of the list: in view, the next page of people loads. */
  sentinel: RefObject<HTMLLIElement | null>;
  isFetching: boolean;
  isError: boolean;
  retry: () => void;
}

/** Groups and conversations, then the people one has not written to yet under a heading of their own. */
function ChatListEntries(props: ChatListEntriesProps) {
  const { entries, selectedId, onSelect, selectedGroupId, onSelectGroup, sentinel, isFetching, isError, retry } = props;
  const { t } = useTranslation('chat');
  return (
    <ul className="space-y-0.5" aria-label={t('list.people')}>
      {entries.map((entry, i) =>
        entry.kind === 'group' ? (
          <li key={`g:${entry.row.group._id}`}>
            <GroupRow row={entry.row} selected={entry.row.group._id === selectedGroupId} onSelect={onSelectGroup} />
          </li>
        ) : (
          <Fragment key={entry.row.user._id}>
            {entry.row.preview === null && i > 0 && (entries[i - 1].kind === 'group' || entries[i - 1].row.preview !== null) && (
              <li className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {t('list.people')}
              </li>
            )}
            <li>
              <ConversationRow row={entry.row} selected={entry.row.user._id === selectedId} onSelect={onSelect} />
            </li>
          </Fragment>
        ),
      )}
      <li ref={sentinel} aria-hidden className="h-px" />
      {isFetching && (
        <li className="flex justify-center py-3 text-brand-primary">
          <Spinner size="sm" label={t('list.loading')} />
        </li>
      )}
      {isError && (
        <li className="p-2">
          <ErrorBanner message={CHAT_ERRORS.users} onRetry={retry} />
        </li>
      )}
    </ul>
  );
}

function ListLoading() {
  const { t } = useTranslation('chat');
  return (
    <div aria-busy="true">
      <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size="sm" />
        {t('list.loading')}
      </p>
      {Array.from({ length: 6 }, (_, i) => (
        <RowSkeleton key={i} />
      ))}
    </div>
  );
}

function RowSkeleton() {
  return (
    <div className="flex items-center gap-3 px-3 py-2.5" aria-hidden>
      <span className="h-11 w-11 shrink-0 animate-pulse rounded-full skeleton" />
      <span className="flex-1 space-y-2">
        <span className="block h-3 w-1/2 animate-pulse rounded skeleton" />
        <span className="block h-2.5 w-3/4 animate-pulse rounded bg-slate-100 dark:bg-slate-700/60" />
      </span>
    </div>
  );
}
