/** What other features use of connections: the connection button, the cache rule for people with a status, live updates. */
export { ConnectionActions } from './ConnectionActions';
export { connectionNoticed, useConnectionUpdates } from './live';
export { REQUESTS_ERROR_TEXT, useFriendRequestsInfiniteQuery, useReceivedRequestCount } from './requests-api';
export { personTags, type PersonWithStatus } from './status-cache';
export { failureWasCanceled, isCanceledError, sameSession } from './lifecycle';
