/** The lists of the navbar search's dropdown: people, tags, and the trending tags of the empty box. */
import type { FoundTag, PublicUser, TrendingTag } from '@plaza/contract';
import { Hash, SearchX, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/error-text';
import { nothingTrending, postsText, TAG_SEARCH_FALLBACK, TRENDING_FALLBACK, trendingText } from '../hashtags';
import { SEARCH_FALLBACK } from './api';

/** What each option needs from the combobox: its id, whether the arrows are on it, and what hovering and choosing do. */
export interface OptionProps {
  id: string;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}

function Option({ props, children }: { props: OptionProps; children: ReactNode }) {
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.selected}
      // Keeps focus in the input so the blur does not close the list before the click lands.
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={props.onHover}
      onClick={props.onChoose}
      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${props.selected ? 'bg-brand-primary/10 dark:bg-brand-primary/25' : ''}`}
    >
      {children}
    </li>
  );
}

function Searching() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 px-3 py-3 text-brand-primary dark:text-indigo-300">
      <Spinner size="sm" label={t('search.searching')} />
    </div>
  );
}

const Failed = ({ text }: { text: string }) => (
  <p role="alert" className="px-3 py-3 text-sm text-rose-600 dark:text-rose-400">
    {text}
  </p>
);

const Nothing = ({ text }: { text: string }) => (
  <p className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500 dark:text-slate-400">
    <SearchX className="h-4 w-4" aria-hidden /> {text}
  </p>
);

function TagOption({ tag, detail, props }: { tag: string; detail: string; props: OptionProps }) {
  return (
    <Option props={props}>
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-primary/10 text-brand-primary dark:text-indigo-300">
        <Hash className="h-4 w-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">#{tag}</span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{detail}</span>
      </span>
    </Option>
  );
}

const headingClass = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';

export function PeopleResults(props: {
  listId: string;
  people: PublicUser[];
  loading: boolean;
  failed: boolean;
  quietWhenNone: boolean;
  optionProps: (i: number) => OptionProps;
}) {
  const { listId, people, loading, failed, quietWhenNone, optionProps } = props;
  const { t } = useTranslation();
  return (
    <>
      {loading && people.length === 0 ? (
        <Searching />
      ) : failed ? (
        <Failed text={SEARCH_FALLBACK.message} />
      ) : people.length === 0 && !quietWhenNone ? (
        <Nothing text={t('search.noPeople')} />
      ) : null}
      <ul id={listId} role="listbox" aria-label={t('search.peopleFound')}>
        {people.map((user, i) => (
          <Option key={user._id} props={optionProps(i)}>
            <Avatar name={user.fullName} id={user._id} src={user.userImage} size="sm" decorative />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{user.fullName}</span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">@{user.userName}</span>
            </span>
          </Option>
        ))}
      </ul>
    </>
  );
}

export function TagResults(props: {
  listId: string;
  tags: FoundTag[];
  /** The index of the first tag among all the dropdown's options. */
  firstIndex: number;
  /** Whether tags are all the dropdown shows (the text starts with `#`). */
  alone: boolean;
  loading: boolean;
  failed: boolean;
  optionProps: (i: number) => OptionProps;
}) {
  const { listId, tags, firstIndex, alone, loading, failed, optionProps } = props;
  const { t } = useTranslation();
  if (!alone && tags.length === 0) return null;
  return (
    <>
      <p className={headingClass}>{t('search.tags')}</p>
      {alone &&
        (loading && tags.length === 0 ? (
          <Searching />
        ) : failed ? (
          <Failed text={TAG_SEARCH_FALLBACK.message} />
        ) : tags.length === 0 ? (
          <Nothing text={t('search.noTags')} />
        ) : null)}
      <ul id={listId} role="listbox" aria-label={t('search.tagsFound')}>
        {tags.map(({ tag, posts }, i) => (
          <TagOption key={tag} tag={tag} detail={postsText(posts)} props={optionProps(firstIndex + i)} />
        ))}
      </ul>
    </>
  );
}

export function TrendingResults(props: {
  listId: string;
  query: { isLoading: boolean; isError: boolean; error?: unknown };
  tags: TrendingTag[];
  optionProps: (i: number) => OptionProps;
}) {
  const { listId, query, tags, optionProps } = props;
  const { t } = useTranslation();
  return (
    <>
      <p className={`${headingClass} flex items-center gap-1.5`}>
        <TrendingUp className="h-3.5 w-3.5" aria-hidden /> {t('search.trending')}
      </p>
      {query.isLoading ? (
        <Searching />
      ) : query.isError && tags.length === 0 ? (
        <Failed text={errorText(query.error, TRENDING_FALLBACK.message)} />
      ) : tags.length === 0 ? (
        <p className="px-3 py-3 text-sm text-slate-500 dark:text-slate-400">{nothingTrending()}</p>
      ) : null}
      <ul id={listId} role="listbox" aria-label={t('search.trendingTags')}>
        {tags.map(({ tag, people, posts }, i) => (
          <TagOption key={tag} tag={tag} detail={trendingText(people, posts)} props={optionProps(i)} />
        ))}
      </ul>
    </>
  );
}
