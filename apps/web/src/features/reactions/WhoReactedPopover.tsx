/** The panel of a post's reaction summary: who reacted, by kind (latest 20 per kind); loaded when first opened. */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { REACTION_EMOJI, REACTION_TYPES, type Post, type PublicUser, type ReactionType } from '@plaza/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/error-text';
import { profilePath } from '../../lib/profile-path';
import { FETCH_REACTIONS_FAILED, useGetReactionsQuery } from './api';
import { useTranslation } from 'react-i18next';

type Tab = 'all' | ReactionType;

/** The people behind the counts, fetched each time the panel opens (it mounts only while open). */
function PeopleWhoReacted({ post, tab }: { post: Post; tab: Tab }) {
  const { t } = useTranslation('posts');
  const me = useAppSelector((s) => s.auth.userDetails?.userName ?? '');
  const { data, error, isError, isSuccess, refetch } = useGetReactionsQuery(post._id, { refetchOnMountOrArgChange: true });
  if (isError) return <ErrorBanner message={errorText(error, FETCH_REACTIONS_FAILED)} onRetry={() => void refetch()} />;
  if (!isSuccess) {
    return (
      <div className="flex justify-center py-6 text-brand-primary">
        <Spinner />
      </div>
    );
  }

  const byId = new Map<string, { user: PublicUser; kinds: ReactionType[] }>();
  for (const kind of tab === 'all' ? REACTION_TYPES : [tab]) {
    for (const user of data.reactions[kind].users) {
      const row = byId.get(user._id) ?? { user, kinds: [] };
      row.kinds.push(kind);
      byId.set(user._id, row);
    }
  }
  const people = [...byId.values()];
  const shownCount = tab === 'all' ? post.totalReactions : post.reactionCounts[tab];

  return (
    <ul className="space-y-0.5">
      {people.map(({ user, kinds }) => (
        <li key={user._id}>
          <Link
            to={profilePath(me, user.userName)}
            className="flex items-center gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800"
          >
            <Avatar name={user.fullName} id={user._id} src={user.userImage} size="xs" decorative />
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{user.fullName}</span>
            <span aria-label={kinds.map((k) => t(`reactions.${k}`)).join(', ')} className="text-sm">
              {kinds.map((k) => REACTION_EMOJI[k]).join('')}
            </span>
          </Link>
        </li>
      ))}
      {people.length < shownCount && tab !== 'all' && (
        <li className="px-2 py-1.5 text-xs text-slate-500 dark:text-slate-400">
          {t('reactions.andMore', { count: shownCount - people.length })}
        </li>
      )}
    </ul>
  );
}

/** Opens at once when mounted by the first click on the summary (`WhoReacted.tsx`). */
export function WhoReactedPopover({ post, face, buttonClass }: { post: Post; face: ReactNode; buttonClass: string }) {
  const { t } = useTranslation('posts');
  const [tab, setTab] = useState<Tab>('all');
  const button = useRef<HTMLButtonElement>(null);
  const openedOnMount = useRef(false);
  const counts = post.reactionCounts;
  const total = post.totalReactions;
  useEffect(() => {
    // Once: Strict Mode runs effects twice, and a second click would close it again.
    if (openedOnMount.current) return;
    openedOnMount.current = true;
    button.current?.focus();
    button.current?.click();
  }, []);

  const used = REACTION_TYPES.filter((k) => counts[k] > 0).sort((a, b) => counts[b] - counts[a]);
  const tabClass = (active: boolean) =>
    `shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold transition ${active ? 'bg-brand-primary text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700'}`;

  return (
    <Popover className="relative">
      <PopoverButton ref={button} aria-label={t('reactions.whoReacted', { count: total })} className={buttonClass}>
        {face}
      </PopoverButton>
      <PopoverPanel anchor="bottom start" className="card z-40 mt-2 w-72 p-2 shadow-lg focus:outline-none">
        <div
          role="tablist"
          aria-label={t('reactions.kinds')}
          className="flex gap-1 overflow-x-auto border-b border-slate-100 pb-2 dark:border-slate-700"
        >
          <button role="tab" aria-selected={tab === 'all'} onClick={() => setTab('all')} className={tabClass(tab === 'all')}>
            {t('reactions.all', { total })}
          </button>
          {used.map((k) => (
            <button
              key={k}
              role="tab"
              aria-selected={tab === k}
              aria-label={t('reactions.kindCount', { kind: t(`reactions.${k}`), count: counts[k] })}
              onClick={() => setTab(k)}
              className={tabClass(tab === k)}
            >
              {REACTION_EMOJI[k]} {counts[k]}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="max-h-72 overflow-y-auto pt-1">
          <PeopleWhoReacted post={post} tab={tab} />
        </div>
      </PopoverPanel>
    </Popover>
  );
}
