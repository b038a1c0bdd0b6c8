/** What other features use of suggestions: the panel (network, feed), the mutual-friends wording, the cached list (followed by the connections' test). */
export { SuggestionsPanel } from './SuggestionsPanel';
export { mutualFriendsText } from './texts';
export { suggestionsApi } from './api';
