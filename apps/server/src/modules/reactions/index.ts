/**
 * The reactions feature's public API. It owns `post_reactions`; the posts feature shows a reader their
 * own kinds through `viewerKindsOn`. This file imports nothing of posts at run time (it receives the
 * posts API when built), so the two never import each other in a circle.
 */
export { createReactionsFeature } from './feature';
export { reactionCountOn, readerKindsOn, viewerKindsOn } from './marks';
