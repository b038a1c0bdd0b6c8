/** The home feed (/feeds): stories, then the feed column; suggestions beside it on wide screens. */
import { StoriesBar } from '../stories';
import { SuggestionsPanel } from '../suggestions';
import { HomeFeed } from './HomeFeed';

export default function FeedPage() {
  return (
    <div className="mx-auto flex max-w-[1000px] justify-center gap-6">
      <div className="w-full max-w-[640px] min-w-0 space-y-4">
        <StoriesBar />
        <HomeFeed />
      </div>

      <aside aria-label="Suggestions" className="hidden w-80 shrink-0 xl:block">
        <div className="sticky top-20">
          <SuggestionsPanel />
        </div>
      </aside>
    </div>
  );
}
