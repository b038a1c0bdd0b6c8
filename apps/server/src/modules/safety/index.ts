/**
 * The safety feature's public API. It owns `blocks` and `mutes`; the features that show people or let
 * them act on each other ask its policy functions (one per rule) or compose its subqueries of hidden people.
 */
export { createSafetyFeature, type SafetyFeature } from './feature';
export { cachedHiddenAmong, type HiddenAmong } from './hidden-people-cache';
export { cachedInteractionCheck } from './interaction-cache';
export {
  assertCanInteract,
  blocksAmong,
  feedHiddenPeopleQuery,
  hasBlocksEitherWay,
  hiddenPeopleQuery,
  isBlocking,
  isHiddenFrom,
  mayInteractWith,
  notFeedHidden,
  notHidden,
} from './policy';
