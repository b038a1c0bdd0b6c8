/** What each connection change leads to and the text of each failure (product.md § Network and connections). */
import type { ConnectionAction, ConnectionStatus } from '@plaza/contract';

export const CONNECTION_ERRORS = {
  status: 'Error fetching connection status',
  send: 'Error sending friend request',
  accept: 'Error accepting friend request',
  decline: 'Error processing follow request',
  cancel: 'Error processing follow request',
  remove: 'Error removing friend',
} as const satisfies Record<ConnectionAction | 'status', string>;

/** Shown at once, then confirmed or corrected by the server. */
export const EXPECTED_STATUS: Record<ConnectionAction, ConnectionStatus> = {
  send: 'request_sent',
  accept: 'friends',
  decline: 'not_connected',
  cancel: 'not_connected',
  remove: 'not_connected',
};

/** The server's statuses plus the client-only `loading` and `error` of product.md § Network and connections. */
export type ClientConnectionStatus = ConnectionStatus | 'loading' | 'error';
