/** Users as the people lists show them: the public fields plus how the viewer stands with them. */
import type { ConnectionStatus, NetworkUser, SuggestedUser } from '@plaza/contract';
import { presentPublicUser } from '../users/presenters';
import type { UserRow } from '../users/repo';

export const presentNetworkUser = (row: UserRow, connectionStatus: ConnectionStatus): NetworkUser => ({
  ...presentPublicUser(row),
  connectionStatus,
});

export const presentSuggestedUser = (row: UserRow, mutualFriends: number): SuggestedUser => ({ ...presentPublicUser(row), mutualFriends });
