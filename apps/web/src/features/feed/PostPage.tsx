/** One post on its own page (/posts/<id>): where a mention's notification leads, with its comments open. */
import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useDocumentTitle } from '../../lib/document-title';
import { FETCH_POST_FAILED, useGetPostInfiniteQuery } from '../posts';
import { PostList } from './PostList';

export default function PostPage() {
  const postId = useParams().postId ?? '';
  const { t } = useTranslation('feed');
  useDocumentTitle(t('page.title'));
  // Opened from a notification: read afresh, it may have changed since.
  const post = useGetPostInfiniteQuery(postId, { refetchOnMountOrArgChange: true });

  return (
    <div className="mx-auto max-w-[640px] space-y-4">
      <h1 className="sr-only">{t('page.title')}</h1>
      <PostList
        label={t('page.title')}
        query={post}
        commentsOpenAt={postId}
        endNote={false}
        errorFallback={FETCH_POST_FAILED}
        empty={
          <EmptyState
            icon={<FileQuestion className="h-7 w-7" />}
            title={t('page.missing')}
            action={
              <Link to="/feeds" className="text-sm font-semibold text-brand-primary hover:underline dark:text-indigo-300">
                {t('page.backToFeed')}
              </Link>
            }
          >
            {t('page.missingText')}
          </EmptyState>
        }
      />
    </div>
  );
}
