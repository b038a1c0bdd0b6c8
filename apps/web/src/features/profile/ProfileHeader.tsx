/** The top of a profile: cover band, avatar, name, bio, counts and the action that fits (edit or connect). */
import { CalendarDays, ExternalLink, Globe, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { monthYear } from '../../lib/dates';
import { currentLocale } from '../../i18n/locale';
import { ConnectionActions } from '../connections';
import { SafetyMenu } from '../safety';
import type { ProfileData } from './api';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col items-center rounded-xl px-4 py-2 sm:items-start sm:px-0">
      <dd className="text-xl font-bold tabular-nums">{value.toLocaleString(currentLocale())}</dd>
      <dt className="order-last text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
    </div>
  );
}

/**
 * Where a person of another server lives, and a link to their page there: this server holds only what they
 * shared with it. The date they "joined" is when this server first heard of them, so it is not shown.
 */
function RemoteOrigin({ userName, profileUrl }: { userName: string; profileUrl: string | null }) {
  const { t } = useTranslation('people');
  const host = userName.slice(userName.indexOf('@') + 1);
  return (
    <p className="mt-1 flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-500 sm:justify-start dark:text-slate-400">
      {/* A long host name breaks where it must rather than running out of the card on a phone. */}
      <span className="inline-flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
        <Globe className="h-4 w-4 shrink-0" aria-hidden="true" /> {t('profile.remoteOn', { host })}
      </span>
      {profileUrl && (
        <a
          href={profileUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 font-medium text-brand-primary underline underline-offset-2 hover:no-underline dark:text-indigo-300"
        >
          {t('profile.remoteView')}
          <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t('profile.newTab')}</span>
        </a>
      )}
    </p>
  );
}

export function ProfileHeader({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation('people');
  const { user, stats } = profile;
  const joined = new Date(user.createdAt);
  return (
    <section aria-label={t('profile.region')} className="card overflow-hidden">
      <div className="relative h-32 bg-gradient-to-br from-brand-primary via-violet-500 to-brand-accent sm:h-44" aria-hidden>
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.25),transparent_45%),radial-gradient(circle_at_85%_70%,rgba(255,255,255,0.18),transparent_40%)]" />
      </div>
      <div className="px-4 pb-6 sm:px-8">
        <div className="relative -mt-14 flex flex-col items-center gap-4 sm:-mt-12 sm:flex-row sm:items-end sm:justify-between">
          {/*
            max-w-full and min-w-0: a long name or handle wraps inside the card instead of widening it. Beside the
            avatar the text starts below the cover and grows downwards: a remote person's extra lines never climb onto it.
          */}
          <div className="flex max-w-full min-w-0 flex-col items-center gap-3 sm:flex-row sm:items-start sm:gap-5">
            <Avatar
              name={user.fullName}
              id={user._id}
              src={user.userImage}
              size="xl"
              className="ring-4 ring-white dark:ring-brand-surface-dark"
            />
            <div className="max-w-full min-w-0 text-center sm:pt-14 sm:text-start">
              <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{user.fullName}</h1>
              {/* Whole, for it is what people type to find someone; kept left to right in a right-to-left page. */}
              <p className="text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
                <bdi dir="ltr">@{user.userName}</bdi>
              </p>
              {user.remote && <RemoteOrigin userName={user.userName} profileUrl={user.profileUrl ?? null} />}
            </div>
          </div>
          <div className="flex shrink-0 justify-center sm:pb-1">
            {profile.isOwn ? (
              <Link
                to="/settings/profile"
                className="inline-flex items-center gap-2 rounded-xl bg-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600"
              >
                <PencilLine className="h-4 w-4" /> {t('profile.edit')}
              </Link>
            ) : (
              <div className="flex items-center gap-1">
                <ConnectionActions user={profile.user} status={profile.user.connectionStatus} size="md" />
                <SafetyMenu person={user} label={t('profile.options')} size="md" />
              </div>
            )}
          </div>
        </div>

        <p
          className={`mt-5 text-center whitespace-pre-line sm:text-start ${user.userBio ? 'text-slate-700 dark:text-slate-200' : 'text-slate-500 italic dark:text-slate-400'}`}
        >
          {user.userBio || t('profile.noBio')}
        </p>
        {user.remote ? (
          <p className="mt-2 text-center text-sm text-slate-500 sm:text-start dark:text-slate-400">
            {t('profile.remoteNote', { name: user.fullName })}
          </p>
        ) : (
          !Number.isNaN(joined.getTime()) && (
            <p className="mt-2 flex items-center justify-center gap-1.5 text-sm text-slate-500 sm:justify-start dark:text-slate-400">
              <CalendarDays className="h-4 w-4" /> {t('profile.joined', { date: monthYear(joined) })}
            </p>
          )
        )}

        <dl className="mt-5 flex justify-center gap-2 border-t border-slate-200 pt-4 sm:justify-start sm:gap-10 dark:border-slate-700">
          <Stat label={t('profile.posts')} value={stats.posts} />
          <Stat label={t('profile.friends')} value={stats.friends} />
          {!profile.isOwn && <Stat label={t('profile.mutual')} value={profile.mutualFriends} />}
        </dl>
      </div>
    </section>
  );
}

export function ProfileHeaderSkeleton() {
  const { t } = useTranslation('people');
  return (
    <div className="card animate-pulse overflow-hidden" aria-busy="true" aria-label={t('profile.loading')}>
      <div className="h-32 bg-slate-200 sm:h-44 dark:bg-slate-700/60" />
      <div className="px-4 pb-6 sm:px-8">
        <div className="-mt-14 flex flex-col items-center gap-3 sm:-mt-12 sm:flex-row sm:items-end sm:gap-5">
          <div className="h-28 w-28 rounded-full bg-slate-300 ring-4 ring-white dark:bg-slate-600 dark:ring-brand-surface-dark" />
          <div className="space-y-2 sm:pb-2">
            <div className="h-6 w-48 rounded skeleton" />
            <div className="mx-auto h-4 w-28 rounded bg-slate-200 sm:mx-0 dark:bg-slate-700" />
          </div>
        </div>
        <div className="mt-6 h-4 w-3/4 rounded skeleton" />
        <div className="mt-6 flex gap-10 border-t border-slate-200 pt-4 dark:border-slate-700">
          <div className="h-10 w-14 rounded skeleton" />
          <div className="h-10 w-14 rounded skeleton" />
        </div>
      </div>
    </div>
  );
}
