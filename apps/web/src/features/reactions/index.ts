/** What other features use of reactions: the reaction bar and the "who reacted" summary of a post. */
export { ReactionBar } from './ReactionBar';
export { WhoReacted } from './WhoReacted';
