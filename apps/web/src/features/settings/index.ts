/** What the rest of the web app uses of settings: the reminder to confirm the email address, live account changes, what the server can do. */
export { VerifyEmailBanner } from './VerifyEmailBanner';
export { useAccountUpdates } from './useAccountUpdates';
export { useInstanceQuery } from './lifecycle-api';
export { useMeQuery } from './api';
