/** One person of the network grid: who they are and the right connection action (a row on phones, a card above). */
import type { NetworkUser } from '@plaza/contract';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ConnectionActions } from '../connections';
import { useProfilePath } from '../../lib/profile-path';

export interface PersonCardProps {
  user: NetworkUser & { mutualFriends?: number };
  /** A line under the bio, e.g. when a request was sent. */
  note?: string;
}

/** The grid the network's tabs lay their cards in. */
export function PeopleGrid({ label, dimmed, children }: { label: string; dimmed: boolean; children: ReactNode }) {
  return (
    <ul className={`grid gap-4 transition-opacity sm:grid-cols-2 2xl:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`} aria-label={label}>
      {children}
    </ul>
  );
}

export function PersonCard({ user, note }: PersonCardProps) {
  const { t } = useTranslation('people');
  const profilePath = useProfilePath();
  const href = profilePath(user.userName);
  return (
    <article
      aria-label={user.fullName}
      className="card flex h-full flex-col overflow-hidden transition sm:hover:-translate-y-0.5 sm:hover:shadow-md"
    >
      <div className="hidden h-16 bg-gradient-to-r from-brand-primary/80 via-violet-500/70 to-brand-accent/70 sm:block" aria-hidden />
      <div className="flex flex-1 items-start gap-3 p-4 sm:-mt-12 sm:flex-col sm:items-center sm:text-center">
        <Link to={href} tabIndex={-1} aria-hidden className="shrink-0 rounded-full sm:ring-4 sm:ring-white sm:dark:ring-brand-surface-dark">
          <Avatar name={user.fullName} id={user._id} src={user.userImage} size="lg" />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col self-stretch sm:items-center">
          <Link
            to={href}
            className="truncate font-semibold hover:text-brand-primary hover:underline sm:max-w-full dark:hover:text-indigo-300"
          >
            {user.fullName}
          </Link>
          <p className="truncate text-sm text-slate-500 sm:max-w-full dark:text-slate-400">@{user.userName}</p>
          <p
            className={`mt-1.5 line-clamp-2 text-sm sm:min-h-10 ${user.userBio ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 italic dark:text-slate-400'}`}
          >
            {user.userBio || t('network.noBio')}
          </p>
          {note && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{note}</p>}
          {typeof user.mutualFriends === 'number' && user.mutualFriends > 0 && (
            <p className="mt-1 inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
              <Users className="h-3.5 w-3.5" /> {t('network.mutual', { count: user.mutualFriends })}
            </p>
          )}
          <div className="mt-3 flex w-full sm:mt-auto sm:pt-4">
            <ConnectionActions user={user} status={user.connectionStatus} stretch />
          </div>
        </div>
      </div>
    </article>
  );
}

export function PersonCardSkeleton() {
  return (
    <div className="card flex animate-pulse flex-col overflow-hidden" aria-hidden>
      <div className="hidden h-16 bg-slate-200 sm:block dark:bg-slate-700/60" />
      <div className="flex items-start gap-3 p-4 sm:-mt-12 sm:flex-col sm:items-center">
        <div className="h-16 w-16 shrink-0 rounded-full bg-slate-300 sm:ring-4 sm:ring-white dark:bg-slate-600 sm:dark:ring-brand-surface-dark" />
        <div className="flex flex-1 flex-col gap-2 self-stretch sm:items-center">
          <div className="h-4 w-32 rounded skeleton" />
          <div className="h-3 w-20 rounded skeleton" />
          <div className="mt-2 h-3 w-44 max-w-full rounded skeleton" />
          <div className="mt-3 h-8 w-full rounded-xl skeleton" />
        </div>
      </div>
    </div>
  );
}
