/** Saved posts (/favorites), most recently saved first. */
import { Bookmark } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { PostList } from '../posts/PostList';
import { fetchFavorites } from './favoritesSlice';

export default function FavoritesPage() {
  const dispatch = useAppDispatch();
  const { posts, pagination, status, error, loadingPage } = useAppSelector((s) => s.favorites);

  useEffect(() => {
    // Saved posts change from other pages; always start from the latest.
    void dispatch(fetchFavorites({ page: 1 }));
  }, [dispatch]);

  return (
    <div className="mx-auto max-w-[640px] space-y-4">
      <header>
        <h1 className="text-xl font-bold">Saved posts</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">Posts you bookmark are kept here, newest saved first.</p>
      </header>
      <PostList
        label="Saved posts"
        posts={posts}
        status={status}
        error={error}
        loadingPage={loadingPage}
        hasMore={pagination.hasMore}
        onLoadMore={() => void dispatch(fetchFavorites({ page: pagination.currentPage + 1 }))}
        onRetry={() => void dispatch(fetchFavorites({ page: 1 }))}
        empty={
          <EmptyState
            icon={<Bookmark className="h-7 w-7" />}
            title="No saved posts yet"
            action={
              <Link to="/feeds" className="text-sm font-semibold text-brand-primary hover:underline dark:text-indigo-300">
                Browse your feed
              </Link>
            }
          >
            Tap the bookmark on any post to save it for later.
          </EmptyState>
        }
      />
    </div>
  );
}
