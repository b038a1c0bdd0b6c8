/**
 * What the navbar search finds for the text in its box, 300 ms after the last keystroke: people, then tags
 * (`#` first: tags only), or, in an empty box where the feed has no side column, the trending tags.
 * Results and errors are shown only for what the box says now, never for an earlier query.
 */
import type { FoundTag, PublicUser, TrendingTag } from '@plaza/contract';
import { useSearchTagsQuery, useTrendingTagsQuery } from '../hashtags';
import { useSearchUsersQuery } from './api';
import { useDebouncedValue } from './useDebouncedValue';

const NAVBAR_SEARCH_DEBOUNCE_MS = 300;

/** One choice of the dropdown, whichever list shows it. */
type SearchOption = { kind: 'person'; user: PublicUser } | { kind: 'tag'; tag: string };

export type SearchResults = ReturnType<typeof useSearchResults>;

export function useSearchResults(text: string, open: boolean, sideColumnShown: boolean) {
  const typed = text.trim();
  const query = useDebouncedValue(typed, NAVBAR_SEARCH_DEBOUNCE_MS);
  const tagsOnly = typed.startsWith('#');
  const peopleQuery = query.startsWith('#') ? '' : query;
  const foundPeople = useSearchUsersQuery(peopleQuery, { skip: !peopleQuery });
  const foundTags = useSearchTagsQuery(query, { skip: !query });
  const browsing = open && typed === '' && !sideColumnShown;
  const trending = useTrendingTagsQuery(undefined, { skip: !browsing });
  const settled = typed === query;
  const people = (settled && !tagsOnly && foundPeople.currentData) || [];
  const tags: FoundTag[] = (settled && foundTags.currentData) || [];
  const trendingTags: TrendingTag[] = (browsing && trending.data) || [];
  const options: SearchOption[] = browsing
    ? trendingTags.map(({ tag }) => ({ kind: 'tag', tag }))
    : [...people.map((user) => ({ kind: 'person' as const, user })), ...tags.map(({ tag }) => ({ kind: 'tag' as const, tag }))];
  return { typed, query, tagsOnly, browsing, trending, settled, foundPeople, foundTags, people, tags, trendingTags, options };
}
