/**
 * Navbar search (product.md § Search, § Hashtags): a combobox whose dropdown lists matching people, then
 * matching tags, after 300 ms without typing; text starting with `#` looks for tags only. Opened empty where
 * the feed has no side column (phones, narrow windows), it lists the trending tags instead. ↑ ↓ move, Enter
 * opens the profile or tag, Esc closes (a second Esc clears).
 */
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfilePath } from '../../lib/profile-path';
import { tagPath } from '../../lib/rich-text';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { PeopleResults, TagResults, TrendingResults, type OptionProps } from './SearchResults';
import { useSearchResults, type SearchResults } from './use-search-results';

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

  const results = useSearchResults(text, open, sideColumnShown);
  const { typed, query, tagsOnly, browsing, tags, options } = results;

  useEffect(() => setActive(-1), [query, browsing]);

  const showDropdown = open && (typed !== '' || browsing);

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(option.kind === 'person' ? profilePath(option.user.userName) : tagPath(option.tag));
  }

  const onKeyDown = comboboxKeys({
    count: options.length,
    active,
    setActive,
    setOpen,
    clear: () => setText(''),
    showDropdown,
    browsing,
    choose,
  });

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
          <SearchLists results={results} ids={ids} optionProps={optionProps} />
        </div>
      )}
    </div>
  );
}

interface ComboboxState {
  /** How many options the dropdown shows. */
  count: number;
  /** The option picked with the arrows, -1 for none. */
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  setOpen: (open: boolean) => void;
  clear: () => void;
  showDropdown: boolean;
  browsing: boolean;
  choose: (index: number) => void;
}

/** The box's keys: ↑ ↓ move through the options, Enter opens one, Esc closes the dropdown (a second Esc clears). */
function comboboxKeys({ count, active, setActive, setOpen, clear, showDropdown, browsing, choose }: ComboboxState) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (count) setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (count) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        // The empty box opens a trending tag only once one is picked with the arrows.
        if (showDropdown && count && (active >= 0 || !browsing)) {
          e.preventDefault();
          choose(active >= 0 ? active : 0);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (showDropdown) setOpen(false);
        else clear();
        setActive(-1);
        break;
    }
  };
}

interface SearchListsProps {
  results: SearchResults;
  ids: { people: string; tags: string; trending: string };
  optionProps: (index: number) => OptionProps;
}

/** The dropdown's lists: the trending tags in an empty box, else the people found, then the tags. */
function SearchLists({ results, ids, optionProps }: SearchListsProps) {
  const { browsing, tagsOnly, trending, trendingTags, people, tags, settled, foundPeople, foundTags } = results;
  return browsing ? (
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
  );
}
