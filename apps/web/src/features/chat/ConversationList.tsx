/** The left panel 'Conversations' (product.md § Chat): search, filter chips, groups and the people one can chat with. */
import { Bell, BellOff, SquarePen, Users, UsersRound } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { ErrorBanner } from '../../components/EmptyState';
import { SearchBox } from '../../components/SearchBox';
import { Spinner } from '../../components/Spinner';
import { useChatUsersInfiniteQuery } from './api';
import { buildChatList, type ChatListFilter } from './chat-list';
import { CHAT_ERRORS, type ChatUser, type ConversationSummary, type Presence } from './chat-model';
import { ConversationRow } from './ConversationRow';
import { desktopNotificationsSupported, setDesktopNotifications, useDesktopNotifications } from './desktop-notifications';
import { FriendPicker } from './FriendPicker';
import type { GroupSummary } from './group-api';
import { buildGroupRows, mergeChatList } from './group-list';
import type { GroupTyping } from './group-typing';
import { GroupRow } from './GroupRow';
import { NewGroupDialog } from './NewGroupDialog';
import { useTranslation } from 'react-i18next';

const SEARCH_DEBOUNCE_MS = 300;

const iconButton =
  'rounded-full p-[13px] text-slate-500 transition sm:p-2 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-200';

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
  const { t } = useTranslation('chat');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ChatListFilter>('all');
  const term = query.trim();
  // The server filters too (it knows people not loaded yet); each search is its own list, from page 1.
  const [searched, setSearched] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSearched(term), term ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [term]);
  const { data, isFetching, isError, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = useChatUsersInfiniteQuery(searched);
  const users = useMemo(() => data?.pages.flatMap((p) => p.users) ?? [], [data]);
  const rows = useMemo(
    () => buildChatList({ conversations, users, presence, meId, openId: selectedId, query, filter }),
    [conversations, users, presence, meId, selectedId, query, filter],
  );
  const groupRows = useMemo(
    () =>
      buildGroupRows({
        // A group one is no longer in leaves the list (while open, it still says why).
        groups: groups.filter((g) => !g.gone || g._id === selectedGroupId),
        meId,
        openId: selectedGroupId,
        query,
        filter,
        typing: groupTyping,
      }),
    [groups, meId, selectedGroupId, query, filter, groupTyping],
  );
  const entries = useMemo(() => mergeChatList(rows, groupRows, filter), [rows, groupRows, filter]);
  const pageCount = data?.pages.length ?? 0;
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const notifying = useDesktopNotifications();

  async function toggleNotifications() {
    const on = await setDesktopNotifications(!notifying);
    if (!notifying && !on) toast.error('Notifications are blocked for this site in your browser settings.');
    else toast.success(on ? 'You will be notified of messages while Plaza is in the background' : 'Message notifications are off');
  }

  const loadMore = () => {
    if (hasNextPage && !isFetching && searched === term) void fetchNextPage();
  };
  const retry = () => void (isFetchNextPageError ? fetchNextPage() : refetch());
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  // Re-observed after every page, so a sentinel still in view asks for the next one.
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined' || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, pageCount, isFetching]);

  const settled = !isFetching && searched === term;
  const firstLoad = entries.length === 0 && !settled && !isError;

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
      <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-700/70">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold">{t('list.heading')}</h2>
          <div className="flex items-center">
            {desktopNotificationsSupported() && (
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
            )}
            <button
              type="button"
              onClick={() => setCreating(true)}
              aria-label={t('list.newGroup')}
              title={t('list.newGroup')}
              className={iconButton}
            >
              <UsersRound className="h-[18px] w-[18px]" />
            </button>
            <button
              type="button"
              onClick={() => setPicking(true)}
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

      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {firstLoad ? (
          <div aria-busy="true">
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              <Spinner size="sm" />
              {t('list.loading')}
            </p>
            {Array.from({ length: 6 }, (_, i) => (
              <RowSkeleton key={i} />
            ))}
          </div>
        ) : entries.length === 0 && isError && filter !== 'groups' ? (
          <div className="p-2">
            <ErrorBanner message={CHAT_ERRORS.users} onRetry={retry} />
          </div>
        ) : entries.length === 0 ? (
          <EmptyList query={term} filter={filter} settled={settled} onNewGroup={() => setCreating(true)} />
        ) : (
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
        )}
      </div>
    </div>
  );
}

function Chip({ active, children, ...rest }: { active: boolean; children: React.ReactNode; onClick?: () => void }) {
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
