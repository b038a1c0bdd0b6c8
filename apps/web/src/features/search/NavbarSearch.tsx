/**
 * Navbar user search (SPEC §7 GET /search/users): a combobox whose dropdown lists matching people after
 * 300 ms without typing. ↑ ↓ move, Enter opens the profile, Esc closes (a second Esc clears).
 */
import { Search, SearchX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { useProfilePath } from '../../lib/profile-path';
import { SEARCH_ERROR, useSearchUsersQuery } from './api';
import { useDebouncedValue } from './useDebouncedValue';

export const NAVBAR_SEARCH_DEBOUNCE_MS = 300;

export function NavbarSearch() {
  const navigate = useNavigate();
  const profilePath = useProfilePath();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-results`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const query = useDebouncedValue(text.trim(), NAVBAR_SEARCH_DEBOUNCE_MS);
  const found = useSearchUsersQuery(query, { skip: !query });

  useEffect(() => setActive(-1), [query]);

  // Results and errors are shown only for what the box says now, never for an earlier query.
  const settled = text.trim() === query;
  const results = (settled && found.currentData) || [];
  const loading = Boolean(text.trim()) && (!settled || (found.isFetching && !found.currentData));
  const failed = settled && found.isError && !found.isFetching;
  const showDropdown = open && text.trim() !== '';

  function choose(index: number) {
    const user = results[index];
    if (!user) return;
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(profilePath(user.userName));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case 'Enter':
        if (showDropdown && results.length) {
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

  return (
    <div className="relative">
      <label htmlFor={`${baseId}-input`} className="sr-only">
        Search people
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showDropdown && active >= 0 && results[active] ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search people..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="input rounded-full py-2 pl-9"
      />
      {showDropdown && (
        <div className="card fixed inset-x-2 top-[4.25rem] z-50 overflow-hidden p-1.5 shadow-xl sm:absolute sm:inset-x-0 sm:top-full sm:mt-2">
          {loading && results.length === 0 ? (
            <div className="flex items-center gap-2 px-3 py-3 text-brand-primary dark:text-indigo-300">
              <Spinner size="sm" label="Searching…" />
            </div>
          ) : failed ? (
            <p role="alert" className="px-3 py-3 text-sm text-rose-600 dark:text-rose-400">
              {SEARCH_ERROR}
            </p>
          ) : results.length === 0 ? (
            <p className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500 dark:text-slate-400">
              <SearchX className="h-4 w-4" /> No users found
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label="People found" className="max-h-[min(24rem,70vh)] overflow-y-auto">
            {results.map((user, i) => (
              <li
                key={user._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps focus in the input so the blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(i)}
                className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${i === active ? 'bg-brand-primary/10 dark:bg-brand-primary/25' : ''}`}
              >
                <Avatar name={user.fullName} src={user.userImage} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{user.fullName}</span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">@{user.userName}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
