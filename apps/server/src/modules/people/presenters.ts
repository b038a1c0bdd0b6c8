/** Users as the people lists show them: the public fields plus how the viewer stands with them. */
import type { ConnectionStatus, NetworkUser, SuggestedUser } from '@plaza/contract';
import { presentPublicUser, type PublicUserColumns } from '../users';

export const presentNetworkUser = (row: PublicUserColumns, connectionStatus: ConnectionStatus): NetworkUser => ({
  ...presentPublicUser(row),
  connectionStatus,
});

export const presentSuggestedUser = (row: PublicUserColumns, mutualFriends: number): SuggestedUser => ({
  ...presentPublicUser(row),
  mutualFriends,
});
