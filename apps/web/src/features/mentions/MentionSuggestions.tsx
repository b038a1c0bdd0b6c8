/** The list under (or above) a composer while a `@name` is typed: people to mention, one of them active. */
import { Avatar } from '../../components/Avatar';
import type { MentionCandidate } from './api';
import { useTranslation } from 'react-i18next';

interface MentionSuggestionsProps {
  id: string;
  people: MentionCandidate[];
  active: number;
  placement: 'above' | 'below';
  optionId: (index: number) => string;
  onPick: (person: MentionCandidate) => void;
  onHover: (index: number) => void;
}

export function MentionSuggestions({ id, people, active, placement, optionId, onPick, onHover }: MentionSuggestionsProps) {
  const { t } = useTranslation('posts');
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('mentions.list')}
      className={`absolute start-0 z-30 max-h-64 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-800 ${
        placement === 'above' ? 'bottom-full mb-2' : 'top-full mt-1'
      }`}
    >
      {people.map((person, i) => (
        <li
          key={person._id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          // The textarea keeps the focus (and its caret) while a person is picked with the mouse.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(person)}
          onMouseEnter={() => onHover(i)}
          className={`flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm ${
            i === active ? 'bg-brand-primary/10 dark:bg-indigo-400/20' : ''
          }`}
        >
          <Avatar name={person.fullName} id={person._id} src={person.userImage} size="sm" decorative />
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{person.fullName}</span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-300">@{person.userName}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
