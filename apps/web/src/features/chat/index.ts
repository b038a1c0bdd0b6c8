/** What other features use of the chat: the alerts of the signed-in frame and the unread count for the navigation. */
export { ChatAlerts } from './ChatAlerts';
export { applyMessageLinkPreview } from './api';
export { useUnreadChatCount } from './unread';
