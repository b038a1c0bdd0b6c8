/** What other features use of notifications: the bell of the navbar. */
export { NotificationsBell } from './NotificationsBell';
