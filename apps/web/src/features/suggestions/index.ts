/** What other features use of suggestions: the panel (network; the feed's waits for idle time), the mutual-friends wording, the cached list (followed by the connections' test). */
export { SuggestionsPanel } from './SuggestionsPanel';
export { LazySuggestionsPanel } from './LazySuggestionsPanel';
export { mutualFriendsText } from './texts';
export { suggestionsApi } from './api';
