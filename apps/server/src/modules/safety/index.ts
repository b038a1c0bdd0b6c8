/**
 * The safety feature's public API. It owns `blocks` and `mutes`; the features that show people or let
 * them act on each other ask its policy functions (one per rule) or compose its subqueries of hidden people.
 */
export { createSafetyFeature } from './feature';
export { keptHiddenAmong } from './kept-hidden';
export { keptInteractionCheck } from './kept-interaction';
export { assertCanInteract, feedHiddenPeopleQuery, isHiddenFrom, notFeedHidden, notHidden } from './policy';
