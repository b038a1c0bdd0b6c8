/**
 * The `@name` autocomplete of a composer (product.md § Mentions). Typing `@` and a letter lists friends whose
 * name starts with what was typed (and `people` of the conversation first, in chat); arrows move, Enter or Tab
 * puts the person in, Escape closes the list until another `@` is typed, and a click picks too. The textarea
 * keeps its implicit textbox role (a textarea may not be a combobox) and carries the pattern's states:
 * `aria-autocomplete`, `aria-controls` and `aria-activedescendant` while the list is open.
 */
import { MENTION_LIMITS } from '@plaza/contract';
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import { useDebouncedValue } from '../search';
import { useMentionFriendsQuery, type MentionCandidate } from './api';
import { matchesTyped, typedMentionAt, withMention } from './mention-caret';
import { useTranslation } from 'react-i18next';

// The list's own code comes the first time someone types `@` and a letter, not with every screen that has a
// composer: the feed's first load has a budget (e2e/tests/js-budget.spec.ts).
const MentionSuggestions = lazy(() => import('./MentionSuggestions').then((m) => ({ default: m.MentionSuggestions })));

const NOBODY: MentionCandidate[] = [];

interface Options {
  text: string;
  setText: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** People offered before friends (a conversation's), when their name matches. */
  people?: MentionCandidate[];
  placement?: 'above' | 'below';
}

export function useMentionAutocomplete({ text, setText, inputRef, people = NOBODY, placement = 'below' }: Options) {
  const { t } = useTranslation('posts');
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const typed = caret === null || caret > text.length ? null : typedMentionAt(text, caret);
  const wanted = typed !== null && typed.query.length > 0 && dismissedAt !== typed.start;
  const query = useDebouncedValue(wanted ? typed.query : '', 120);
  const friends = useMentionFriendsQuery(query, { skip: !wanted || query === '' });
  const options = wanted
    ? [
        ...people.filter((p) => matchesTyped(p, typed.query)),
        ...(friends.currentData ?? []).filter((f) => matchesTyped(f, typed.query) && !people.some((p) => p._id === f._id)),
      ].slice(0, MENTION_LIMITS.suggestions)
    : NOBODY;
  const open = options.length > 0;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  /** Follows the caret: call from the textarea's change, select and click. */
  const track = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    const at = e.currentTarget.selectionStart;
    if (at !== caret) setActive(0);
    setCaret(at);
  };

  const caretAfterPick = useRef<number | null>(null);
  const pick = (person: MentionCandidate) => {
    if (!typed) return;
    const next = withMention(text, typed, person.userName);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    caretAfterPick.current = next.caret;
  };

  // The caret goes after the picked name in the same commit that puts the new text in: set any later (a
  // frame after), a quick typist's next letters would land before the caret moves and end up out of order.
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    const el = inputRef.current;
    if (at === null || !el) return;
    caretAfterPick.current = null;
    el.focus();
    el.setSelectionRange(at, at);
  });

  /** Handles the list's keys while it is open; true when the key was its own (the composer then leaves it alone). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive((activeIndex + by + options.length) % options.length);
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') pick(options[activeIndex]);
    else if (e.key === 'Escape') setDismissedAt(typed?.start ?? null);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  return {
    onKeyDown,
    track,
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onSelect: track,
      onClick: track,
    },
    list: open ? (
      <Suspense fallback={null}>
        <MentionSuggestions
          id={listId}
          people={options}
          active={activeIndex}
          placement={placement}
          optionId={optionId}
          onPick={pick}
          onHover={setActive}
        />
      </Suspense>
    ) : null,
    /** Said to screen readers: how many people the list offers. */
    status: open ? t('mentions.status', { count: options.length }) : '',
  };
}
