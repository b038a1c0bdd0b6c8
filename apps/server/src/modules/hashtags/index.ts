/**
 * The hashtags feature's public API. It owns `hashtags`, `post_tags` and `comment_tags`; the posts and
 * comments features keep them right through `tagIndex`, in the transaction that writes the text.
 */
export { createHashtagsFeature } from './feature';
export { tagIndex } from './tag-index';
