/** A tag's page (/tags/<tag>, product.md § Hashtags): the posts carrying the tag, newest first, paged like the feed. */
import { isHashtag, normalizeHashtag } from '@plaza/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import '../../i18n/lists-catalog';
import { EmptyState } from '../../components/EmptyState';
import { useDocumentTitle } from '../../lib/document-title';
import { PostList } from '../feed';
import { FETCH_TAG_POSTS_FAILED, useGetTagPostsInfiniteQuery } from '../posts';

function FeedLink() {
  const { t } = useTranslation('lists');
  return (
    <Link to="/feeds" className="text-sm font-semibold text-brand-primary hover:underline dark:text-indigo-300">
      {t('tag.write')}
    </Link>
  );
}

export default function TagPage() {
  const { t } = useTranslation('lists');
  const tag = normalizeHashtag(useParams().tag ?? '');
  const valid = isHashtag(tag);
  useDocumentTitle(`#${tag}`);
  // Opening the page reads the latest: posts gain and lose tags from other pages and devices.
  const posts = useGetTagPostsInfiniteQuery(valid ? tag : skipToken, { refetchOnMountOrArgChange: true });
  const total = posts.data?.pages[0]?.total;

  return (
    <div className="mx-auto max-w-[640px] space-y-4">
      <header>
        <h1 className="flex items-center gap-1 text-xl font-bold break-all">
          <Hash className="h-5 w-5 shrink-0 text-brand-primary dark:text-indigo-300" aria-hidden />
          <span className="sr-only">#</span>
          {tag}
        </h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{total ? t('tag.counted', { count: total }) : t('tag.intro')}</p>
      </header>
      {valid ? (
        <PostList
          label={t('tag.list', { tag })}
          query={posts}
          errorFallback={FETCH_TAG_POSTS_FAILED}
          empty={
            <EmptyState icon={<Hash className="h-7 w-7" />} title={t('tag.emptyTitle', { tag })} action={<FeedLink />}>
              {t('tag.emptyText', { tag })}
            </EmptyState>
          }
        />
      ) : (
        <EmptyState icon={<Hash className="h-7 w-7" />} title={t('tag.invalidTitle')} action={<FeedLink />}>
          {t('tag.invalidText')}
        </EmptyState>
      )}
    </div>
  );
}
