/**
 * The entries of the chat's list: groups and people, searched and filtered, people paged from the server as
 * the list is scrolled to its end (`sentinel` marks the end).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useChatUsersInfiniteQuery } from './api';
import { buildChatList, type ChatListFilter } from './chat-list';
import type { ConversationSummary, Presence } from './chat-model';
import type { GroupSummary } from './group-api';
import { buildGroupRows, mergeChatList } from './group-list';
import type { GroupTyping } from './group-typing';

const SEARCH_DEBOUNCE_MS = 300;

interface ChatListInputs {
  meId: string;
  conversations: readonly ConversationSummary[];
  presence: Presence;
  selectedId: string | null;
  groups: readonly GroupSummary[];
  groupTyping: GroupTyping;
  selectedGroupId: string | null;
  query: string;
  filter: ChatListFilter;
}

export function useChatList({
  meId,
  conversations,
  presence,
  selectedId,
  groups,
  groupTyping,
  selectedGroupId,
  query,
  filter,
}: ChatListInputs) {
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
  return { term, entries, settled, firstLoad, isFetching, isError, retry, sentinel };
}
