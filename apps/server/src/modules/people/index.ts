/**
 * The people feature's public API. It owns `connections`: who is friends with whom is answered by the
 * friendship functions below, for the features that show things to friends.
 */
export { createPeopleFeature } from './feature';
export type { ConnectionService } from './connection-service';
export { areFriends, friendIdsOf, friendIdsQuery, friendsOfFriendsQuery, friendshipsAmong, isFriendOf, pairOf } from './friendships';
export { friendPairsQuery, friendsOn } from './friend-pairs';
