/** Saved posts (/favorites), most recently saved first. */
import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PostList } from '../feed';
import { FETCH_FAVORITES_FAILED, useGetFavoritesInfiniteQuery } from '../posts';
import { useDocumentTitle } from '../../lib/document-title';

export default function FavoritesPage() {
  useDocumentTitle('Favorites');
  // Saved posts change from other pages and devices; opening the page reads the latest.
  const favorites = useGetFavoritesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="mx-auto max-w-[640px] space-y-4">
      <header>
        <h1 className="text-xl font-bold">Favorites</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">Posts you bookmark are kept here, newest saved first.</p>
      </header>
      <PostList
        label="Saved posts"
        query={favorites}
        errorFallback={FETCH_FAVORITES_FAILED}
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
