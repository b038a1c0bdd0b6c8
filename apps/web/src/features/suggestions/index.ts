/** What other features use of suggestions: the panel (network, feed) and the mutual-friends wording. */
export { SuggestionsPanel } from './SuggestionsPanel';
export { mutualFriendsText } from './texts';
