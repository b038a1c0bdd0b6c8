/**
 * The group an address `/chat/g/<id>` names: from the list of one's groups, else asked of the server (a group
 * just joined that the list has not heard of yet). Nobody's group, or one never in: unknown.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useChatGroupQuery, type GroupSummary } from './group-api';

export type AddressedGroup = { kind: 'none' } | { kind: 'loading' } | { kind: 'group'; group: GroupSummary } | { kind: 'unknown' };

export function useAddressedGroup(groupId: string | undefined, groups: readonly GroupSummary[]): AddressedGroup {
  const listed = groupId ? groups.find((g) => g._id === groupId) : undefined;
  const lookup = useChatGroupQuery(groupId && !listed ? groupId : skipToken);
  if (!groupId) return { kind: 'none' };
  if (listed) return { kind: 'group', group: listed };
  if (lookup.currentData) return { kind: 'group', group: lookup.currentData };
  return lookup.isError ? { kind: 'unknown' } : { kind: 'loading' };
}
