/**
 * Navbar search (product.md § Search, § Hashtags): a combobox whose dropdown lists matching people, then
 * matching tags, after 300 ms without typing; text starting with `#` looks for tags only. Opened empty where
 * the feed has no side column (phones, narrow windows), it lists the trending tags instead. ↑ ↓ move, Enter
 * opens the profile or tag, Esc closes (a second Esc clears).
 */
import type { FoundTag, PublicUser, TrendingTag } from '@plaza/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfilePath } from '../../lib/profile-path';
import { tagPath } from '../../lib/rich-text';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useSearchTagsQuery, useTrendingTagsQuery } from '../hashtags';
import { useSearchUsersQuery } from './api';
import { PeopleResults, TagResults, TrendingResults, type OptionProps } from './SearchResults';
import { useDebouncedValue } from './useDebouncedValue';

export const NAVBAR_SEARCH_DEBOUNCE_MS = 300;

/** One choice of the dropdown, whichever list shows it. */
type SearchOption = { kind: 'person'; user: PublicUser } | { kind: 'tag'; tag: string };

// Long: kept whole on purpose: split into parts, the feed's first load grew past its JavaScript budget (js-budget.spec.ts).
export function NavbarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profilePath = useProfilePath();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const ids = { people: `${baseId}-people`, tags: `${baseId}-tags`, trending: `${baseId}-trending` };
  const optionId = (i: number) => `${baseId}-option-${i}`;
  // Where the feed's side column (with Trending) does not show, the empty box offers the trending tags.
  const sideColumnShown = useMediaQuery('(min-width: 1280px)');
  // A phone's box is too narrow for the longer hint.
  const roomy = useMediaQuery('(min-width: 480px)');

  const typed = text.trim();
  const query = useDebouncedValue(typed, NAVBAR_SEARCH_DEBOUNCE_MS);
  const tagsOnly = typed.startsWith('#');
  const peopleQuery = query.startsWith('#') ? '' : query;
  const foundPeople = useSearchUsersQuery(peopleQuery, { skip: !peopleQuery });
  const foundTags = useSearchTagsQuery(query, { skip: !query });
  const browsing = open && typed === '' && !sideColumnShown;
  const trending = useTrendingTagsQuery(undefined, { skip: !browsing });

  useEffect(() => setActive(-1), [query, browsing]);

  // Results and errors are shown only for what the box says now, never for an earlier query.
  const settled = typed === query;
  const people = (settled && !tagsOnly && foundPeople.currentData) || [];
  const tags: FoundTag[] = (settled && foundTags.currentData) || [];
  const trendingTags: TrendingTag[] = (browsing && trending.data) || [];
  const options: SearchOption[] = browsing
    ? trendingTags.map(({ tag }) => ({ kind: 'tag', tag }))
    : [...people.map((user) => ({ kind: 'person' as const, user })), ...tags.map(({ tag }) => ({ kind: 'tag' as const, tag }))];
  const showDropdown = open && (typed !== '' || browsing);

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(option.kind === 'person' ? profilePath(option.user.userName) : tagPath(option.tag));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter':
        // The empty box opens a trending tag only once one is picked with the arrows.
        if (showDropdown && options.length && (active >= 0 || !browsing)) {
          e.preventDefault();
          choose(active >= 0 ? active : 0);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (showDropdown) setOpen(false);
        else setText('');
        setActive(-1);
        break;
    }
  }

  const optionProps = (i: number): OptionProps => ({
    id: optionId(i),
    selected: i === active,
    onHover: () => setActive(i),
    onChoose: () => choose(i),
  });
  const shownLists = browsing ? [ids.trending] : [...(tagsOnly ? [] : [ids.people]), ...(tags.length || tagsOnly ? [ids.tags] : [])];

  return (
    <div className="relative">
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <Search className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        aria-expanded={showDropdown}
        aria-controls={showDropdown ? shownLists.join(' ') : ids.people}
        aria-autocomplete="list"
        aria-activedescendant={showDropdown && active >= 0 && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={roomy ? t('search.placeholder') : t('search.placeholderShort')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="input rounded-full py-2 pe-3 ps-9 text-ellipsis"
      />
      {showDropdown && (
        <div className="card fixed inset-x-2 top-[4.25rem] z-50 max-h-[min(28rem,75vh)] overflow-y-auto p-1.5 shadow-xl sm:absolute sm:inset-x-0 sm:top-full sm:mt-2">
          {browsing ? (
            <TrendingResults listId={ids.trending} query={trending} tags={trendingTags} optionProps={optionProps} />
          ) : (
            <>
              {!tagsOnly && (
                <PeopleResults
                  listId={ids.people}
                  people={people}
                  loading={!settled || (foundPeople.isFetching && !foundPeople.currentData)}
                  failed={settled && foundPeople.isError && !foundPeople.isFetching}
                  // Tags found say enough; 'No users found' above them only gets in the way.
                  quietWhenNone={tags.length > 0}
                  optionProps={optionProps}
                />
              )}
              <TagResults
                listId={ids.tags}
                tags={tags}
                firstIndex={people.length}
                // Beside people, tags only show when some are found; alone, they say how the search went.
                alone={tagsOnly}
                loading={!settled || (foundTags.isFetching && !foundTags.currentData)}
                failed={settled && foundTags.isError && !foundTags.isFetching}
                optionProps={optionProps}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
