/** A connection row as one of its two users sees it. */
import type { ConnectionStatus } from '@plaza/contract';
import type { ConnectionRow } from './connection-repo';

export function statusFor(viewerId: string, row: Pick<ConnectionRow, 'status' | 'requester_id'> | undefined): ConnectionStatus {
  if (!row) return 'not_connected';
  if (row.status === 'accepted') return 'friends';
  return row.requester_id === viewerId ? 'request_sent' : 'request_received';
}

/** The other user of a connection row, seen from `viewerId`. */
export const otherOf = (viewerId: string, row: Pick<ConnectionRow, 'user_low' | 'user_high'>) =>
  row.user_low === viewerId ? row.user_high : row.user_low;
