/**
 * The users feature's public API. It owns the `users` table: other features read people through the
 * repo's functions, the query pieces below, and the name search, and show them with its presenters.
 */
export { createUsersFeature } from './feature';
export { presentPublicUser, presentSelfUser, type PublicUserColumns } from './presenters';
export {
  PUBLIC_USER_COLUMNS,
  publicUsers,
  soonestSuspensionEndQuery,
  staffIdsQuery,
  suspendedIdsQuery,
  suspensionsQuery,
  userNameLowerOf,
} from './queries';
export { remotePeopleRepo } from './remote-people';
export { userRepo, type UserRow } from './repo';
export { searchRepo, SUBSTRING_CANDIDATES, type PrefixKey, type SearchRow } from './search-repo';
