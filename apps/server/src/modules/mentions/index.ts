/**
 * The mentions feature's public API. It owns `mentions`; posts, comments and chat keep them right through
 * `mentionIndex`, in the transaction that writes the text, and show them with `mentionsOf`.
 */
export { createMentionsFeature } from './feature';
export { mentionIndex, type MentionedText } from './mention-index';
export { mentionsOf, mentionsOfOne } from './present';
