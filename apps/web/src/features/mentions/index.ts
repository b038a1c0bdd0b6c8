/** What other features use of mentions: the composers' `@name` autocomplete. */
export { useMentionAutocomplete } from './useMentionAutocomplete';
export type { MentionCandidate } from './api';
