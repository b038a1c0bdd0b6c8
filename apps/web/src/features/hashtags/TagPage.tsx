/** A tag's page (/tags/<tag>, product.md § Hashtags): the posts carrying the tag, newest first, paged like the feed. */
import { isHashtag, normalizeHashtag } from '@plaza/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { Hash } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useDocumentTitle } from '../../lib/document-title';
import { PostList } from '../feed';
import { FETCH_TAG_POSTS_FAILED, useGetTagPostsInfiniteQuery } from '../posts';
import { postsText } from './texts';

const feedLink = (
  <Link to="/feeds" className="text-sm font-semibold text-brand-primary hover:underline dark:text-indigo-300">
    Write a post
  </Link>
);

export default function TagPage() {
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
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {total ? `${postsText(total)} with this tag, newest first.` : 'Posts with this tag, newest first.'}
        </p>
      </header>
      {valid ? (
        <PostList
          label={`Posts tagged #${tag}`}
          query={posts}
          errorFallback={FETCH_TAG_POSTS_FAILED}
          empty={
            <EmptyState icon={<Hash className="h-7 w-7" />} title={`No posts with #${tag} yet`} action={feedLink}>
              Be the first: write #{tag} in a post or a comment.
            </EmptyState>
          }
        />
      ) : (
        <EmptyState icon={<Hash className="h-7 w-7" />} title="This is not a tag" action={feedLink}>
          A tag is up to 50 letters, digits or _, with at least one letter, like #plaza.
        </EmptyState>
      )}
    </div>
  );
}
