/** A profile (SPEC §2 /network/u/profile/{visitor}/visited/{visitedUser}): one's own, or someone else's as the signed-in user sees it. */
import { UserX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState, ErrorBanner } from '../../components/EmptyState';
import { ProfileHeader, ProfileHeaderSkeleton } from './ProfileHeader';
import { ProfilePostsSection } from './ProfilePostsSection';
import { fetchProfile, isSameUser, PROFILE_ERROR } from './profileSlice';

export default function ProfilePage() {
  const { visitedUser = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data, status, notFound, userName } = useAppSelector((s) => s.profile);

  useEffect(() => {
    if (visitedUser) void dispatch(fetchProfile(visitedUser));
  }, [visitedUser, dispatch]);

  const current = userName !== null && isSameUser(userName, visitedUser) ? data : null;

  if (status === 'failed' && notFound) {
    return (
      <div className="mx-auto max-w-4xl">
        <EmptyState
          icon={<UserX className="h-7 w-7" />}
          title="This person doesn't exist"
          action={
            <Link
              to="/network"
              className="rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
            >
              Find people in your network
            </Link>
          }
        >
          There is no one called @{visitedUser} on Plaza. The account may have been renamed or deleted.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {status === 'failed' && !current ? (
        <ErrorBanner message={PROFILE_ERROR} onRetry={() => void dispatch(fetchProfile(visitedUser))} />
      ) : current ? (
        <>
          <ProfileHeader profile={current} />
          <ProfilePostsSection userName={current.user.userName} fullName={current.user.fullName} isOwn={current.isOwn} />
        </>
      ) : (
        <ProfileHeaderSkeleton />
      )}
    </div>
  );
}
