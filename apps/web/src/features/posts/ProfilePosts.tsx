/** A person's posts on their profile, newest first, with the same cards and paging as the feed. */
import { FileText } from 'lucide-react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { PostList } from './PostList';
import { fetchProfilePosts } from './profilePostsSlice';

export function ProfilePosts({ userName }: { userName: string }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.auth.userDetails?.userName);
  const state = useAppSelector((s) => s.profilePosts);
  const mine = !!me && me.toLowerCase() === userName.toLowerCase();
  const current = state.userName?.toLowerCase() === userName.toLowerCase();

  useEffect(() => {
    void dispatch(fetchProfilePosts({ userName, page: 1 }));
  }, [dispatch, userName]);

  return (
    <PostList
      label={mine ? 'Your posts' : `Posts by ${userName}`}
      posts={current ? state.posts : []}
      status={current ? state.status : 'idle'}
      error={state.error}
      loadingPage={state.loadingPage}
      hasMore={current && state.pagination.hasMore}
      onLoadMore={() => void dispatch(fetchProfilePosts({ userName, page: state.pagination.currentPage + 1 }))}
      onRetry={() => void dispatch(fetchProfilePosts({ userName, page: 1 }))}
      empty={
        <EmptyState icon={<FileText className="h-7 w-7" />} title={mine ? "You haven't posted yet" : 'No posts yet'}>
          {mine ? 'Share something from the home feed and it will show up here.' : `When @${userName} posts, it will show up here.`}
        </EmptyState>
      }
    />
  );
}

export default ProfilePosts;
