/**
 * The feed's "People you may know", fetched (code and list) once the page has loaded and sits idle: it sits
 * beside the feed, below the trending tags, and its code (the connection buttons and their icons, some
 * 10 KB compressed) need not compete with the feed's first page. Once fetched, it shows at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import type { SuggestionsPanelProps } from './SuggestionsPanel';

let fetched = false;
// Its texts and the connection buttons' are in the feed's bundled namespace (a few hundred bytes): the
// people screens' whole catalog would cost the idle-time load more.
const SuggestionsPanel = lazy(() =>
  import('./SuggestionsPanel').then((m) => {
    fetched = true;
    return { default: m.SuggestionsPanel };
  }),
);

export function LazySuggestionsPanel(props: SuggestionsPanelProps) {
  const [wanted, setWanted] = useState(fetched);
  useEffect(() => {
    if (wanted) return;
    let live = true;
    whenIdle(() => live && setWanted(true));
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <SuggestionsPanel {...props} />
    </Suspense>
  ) : null;
}
