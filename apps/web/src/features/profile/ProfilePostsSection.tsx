/** A person's posts on their profile, newest first, under a heading that says whose they are. */
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PostList } from '../feed';
import { FETCH_USER_POSTS_FAILED, useGetUserPostsInfiniteQuery } from '../posts';

export function ProfilePostsSection({ userName, fullName, isOwn }: { userName: string; fullName: string; isOwn: boolean }) {
  const { t } = useTranslation('people');
  // Opening a profile reads its posts afresh; one's own come from `my-posts`.
  const posts = useGetUserPostsInfiniteQuery({ userName, mine: isOwn }, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="profile-posts-title">
      <h2 id="profile-posts-title" className="mb-3 text-lg font-semibold">
        {isOwn ? t('profile.yourPosts') : t('profile.postsBy', { name: fullName })}
      </h2>
      <PostList
        label={isOwn ? t('profile.yourPosts') : t('profile.postsBy', { name: userName })}
        query={posts}
        errorFallback={FETCH_USER_POSTS_FAILED}
        empty={
          <EmptyState icon={<FileText className="h-7 w-7" />} title={isOwn ? t('profile.noPostsOwn') : t('profile.noPosts')}>
            {isOwn ? t('profile.emptyOwn') : t('profile.empty', { userName })}
          </EmptyState>
        }
      />
    </section>
  );
}
