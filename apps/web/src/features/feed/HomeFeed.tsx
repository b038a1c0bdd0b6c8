/**
 * The home feed column (product.md § Feed): the heading with refresh, the "New posts" pill, the
 * composer and the posts of you and your friends. Coming back to it keeps what was read; a friend's new
 * post (or a small poll) shows the pill without moving the page, and only tapping it brings them in.
 */
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { ArrowUp, Newspaper, RefreshCw } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { connectivity } from '../../lib/connectivity';
import { Composer, FETCH_FEED_FAILED, postsOf, showNewPosts, useGetFeedInfiniteQuery, useGetNewestPostQuery } from '../posts';
import { PostList } from './PostList';
import { useTranslation } from 'react-i18next';

/** How often an open, focused feed asks whether something newer was posted. */
const NEW_POSTS_CHECK_MS = 60_000;

export function HomeFeed() {
  const { t } = useTranslation('feed');
  const dispatch = useAppDispatch();
  const [bringing, setBringing] = useState(false);
  const userName = useAppSelector((s) => s.auth.userDetails?.userName);
  const authUser = userName ?? skipToken;
  const feed = useGetFeedInfiniteQuery(authUser, { refetchOnMountOrArgChange: false });
  // Asked once the feed has come: at a cold start it would only repeat the feed's first post, one more request
  // and store update in the first screen's busiest moment.
  const { data: newest } = useGetNewestPostQuery(feed.isSuccess ? authUser : skipToken, {
    pollingInterval: NEW_POSTS_CHECK_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const posts = postsOf(feed.data);
  const refreshing = feed.isFetching && !feed.isFetchingNextPage && posts.length > 0;
  const newPostsAvailable = !!newest && feed.isSuccess && !feed.isFetching && !posts.some((p) => p._id === newest._id);

  async function refresh() {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    if (connectivity.current() === 'offline') {
      toast.warning(t('home.offline'));
      return;
    }
    const result = await feed.refetch();
    if (result.isError && connectivity.current() !== 'online') toast.warning(t('home.offline'));
  }

  /** The pill: the new posts join the top of the feed, the pages read stay below, and the page goes up to them. */
  async function bringInNewPosts() {
    if (!userName || connectivity.current() === 'offline') return refresh();
    setBringing(true);
    const shown = await dispatch(showNewPosts(userName));
    setBringing(false);
    if (!shown) return refresh();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <>
      {/* Always there and of no height: the pill floats over the heading, then the posts, so its coming and going moves nothing. */}
      <div className="sticky top-20 z-20 my-0 flex h-0 justify-center">
        {newPostsAvailable && (
          <button
            type="button"
            onClick={() => void bringInNewPosts()}
            disabled={bringing}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-brand-primary px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-brand-primary/30 transition hover:bg-brand-primary-hover disabled:opacity-80"
          >
            <ArrowUp className="h-4 w-4" /> {t('home.newPosts')}
          </button>
        )}
      </div>
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t('home.heading')}</h1>
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={feed.isFetching}
          aria-label={t('home.refresh')}
          title={t('home.refresh')}
          className="rounded-full p-2 text-slate-500 transition hover:bg-slate-100 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          <RefreshCw className={`h-5 w-5 ${refreshing ? 'animate-spin' : ''}`} />
        </button>
      </div>

      <Composer />

      <PostList
        label={t('title')}
        query={feed}
        errorFallback={FETCH_FEED_FAILED}
        empty={
          <EmptyState icon={<Newspaper className="h-7 w-7" />} title={t('home.emptyTitle')}>
            {t('home.emptyText')}
          </EmptyState>
        }
      />
    </>
  );
}
