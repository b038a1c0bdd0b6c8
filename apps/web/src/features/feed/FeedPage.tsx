/** The home feed (/feeds): stories, then the feed column; trending tags and suggestions beside it on wide screens. */
import { useMediaQuery } from '../../lib/useMediaQuery';
import { TrendingTags } from '../hashtags';
import { StoriesBar } from '../stories';
import { LazySuggestionsPanel } from '../suggestions';
import { HomeFeed } from './HomeFeed';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';

export default function FeedPage() {
  const { t } = useTranslation('feed');
  useDocumentTitle(t('title'));
  // Only where it shows: a phone neither asks for trending tags and suggestions nor renders them while the feed starts.
  const wide = useMediaQuery('(min-width: 1280px)');
  return (
    <div className="mx-auto flex max-w-[1000px] justify-center gap-6">
      <div className="w-full max-w-[640px] min-w-0 space-y-4">
        <StoriesBar />
        <HomeFeed />
      </div>

      {wide && (
        <aside aria-label={t('aside')} className="w-80 shrink-0">
          <div className="sticky top-20 space-y-4">
            <TrendingTags />
            <LazySuggestionsPanel />
          </div>
        </aside>
      )}
    </div>
  );
}
