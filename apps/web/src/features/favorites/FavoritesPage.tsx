/** Saved posts (/favorites), most recently saved first. */
import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../i18n/lists-catalog';
import { EmptyState } from '../../components/EmptyState';
import { PostList } from '../feed';
import { FETCH_FAVORITES_FAILED, useGetFavoritesInfiniteQuery } from '../posts';
import { useDocumentTitle } from '../../lib/document-title';

export default function FavoritesPage() {
  const { t } = useTranslation('lists');
  useDocumentTitle(t('favorites.title'));
  // Saved posts change from other pages and devices; opening the page reads the latest.
  const favorites = useGetFavoritesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="mx-auto max-w-[640px] space-y-4">
      <header>
        <h1 className="text-xl font-bold">{t('favorites.title')}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('favorites.intro')}</p>
      </header>
      <PostList
        label={t('favorites.list')}
        query={favorites}
        errorFallback={FETCH_FAVORITES_FAILED}
        empty={
          <EmptyState
            icon={<Bookmark className="h-7 w-7" />}
            title={t('favorites.emptyTitle')}
            action={
              <Link to="/feeds" className="text-sm font-semibold text-brand-primary hover:underline dark:text-indigo-300">
                {t('favorites.browse')}
              </Link>
            }
          >
            {t('favorites.emptyText')}
          </EmptyState>
        }
      />
    </div>
  );
}
