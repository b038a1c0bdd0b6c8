/**
 * The people feature's public API. It owns `connections`: who is friends with whom is answered by the
 * friendship functions below, for the features that show things to friends.
 */
export { createPeopleFeature, type PeopleFeature } from './feature';
export { areFriends, connectedIdsQuery, friendIdsOf, friendIdsQuery, friendshipsAmong, hasFriends, pairOf, type Pair } from './friendships';
export type { ProfileCounts } from './profile-service';
