/** A profile (product.md § Profiles; /network/u/profile/{visitor}/visited/{visitedUser}): one's own, or someone else's as the signed-in user sees it. */
import { skipToken } from '@reduxjs/toolkit/query';
import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import '../../i18n/people-catalog';
import { useAppSelector } from '../../app/hooks';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { isSameUser, PROFILE_FALLBACK, useOwnProfileQuery, useVisitedProfileQuery, type ProfileData } from './api';
import { ProfileHeader, ProfileHeaderSkeleton } from './ProfileHeader';
import { ProfilePostsSection } from './ProfilePostsSection';
import { useDocumentTitle } from '../../lib/document-title';

/** The profile named in the address, read from whichever of the two calls fits. */
function useProfile(visitedUser: string) {
  const authUser = useAppSelector((s) => s.auth.userDetails?.userName ?? '');
  const own = Boolean(authUser) && isSameUser(authUser, visitedUser);
  const ownQuery = useOwnProfileQuery(own ? authUser : skipToken);
  const visitedQuery = useVisitedProfileQuery(!own && authUser && visitedUser ? { authUser, userName: visitedUser } : skipToken);
  const query = own ? ownQuery : visitedQuery;
  const { error } = query;
  // `currentData` belongs to this address only, so another person's page never flashes the previous one.
  const profile: ProfileData | undefined = query.currentData;
  return {
    profile,
    failed: query.isError && !query.isFetching,
    notFound: Boolean(error && 'status' in error && error.status === 404),
    retry: () => void query.refetch(),
  };
}

export default function ProfilePage() {
  const { t } = useTranslation('people');
  const { visitedUser = '' } = useParams();
  const { profile, failed, notFound, retry } = useProfile(visitedUser);
  useDocumentTitle(profile ? profile.user.fullName : failed && notFound ? t('profile.notFound') : null);

  if (failed && notFound) {
    return (
      <div className="mx-auto max-w-4xl">
        <EmptyState
          icon={<UserX className="h-7 w-7" />}
          title={t('profile.notFoundTitle')}
          action={
            <Link
              to="/network"
              className="rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
            >
              {t('profile.findPeople')}
            </Link>
          }
        >
          {t('profile.notFoundText', { userName: visitedUser })}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {failed && !profile ? (
        <ErrorBanner message={PROFILE_FALLBACK.message} onRetry={retry} />
      ) : profile ? (
        <>
          <ProfileHeader profile={profile} />
          <ProfilePostsSection userName={profile.user.userName} fullName={profile.user.fullName} isOwn={profile.isOwn} />
        </>
      ) : (
        <ProfileHeaderSkeleton />
      )}
    </div>
  );
}
