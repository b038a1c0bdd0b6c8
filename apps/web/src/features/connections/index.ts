/** What other features use of connections: the connection button, the cache rule for people with a status, live updates. */
export { ConnectionActions } from './ConnectionActions';
export { connectionNoticed } from './live';
export { personTags, type PersonWithStatus } from './status-cache';
export { failureWasCanceled, isCanceledError, sameSession } from './lifecycle';
