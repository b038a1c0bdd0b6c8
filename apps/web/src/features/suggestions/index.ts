/** What other features use of suggestions: the panel (network; the feed's waits for idle time), the cached list (followed by the connections' test). */
export { SuggestionsPanel } from './SuggestionsPanel';
export { LazySuggestionsPanel } from './LazySuggestionsPanel';
export { suggestionsApi } from './api';
