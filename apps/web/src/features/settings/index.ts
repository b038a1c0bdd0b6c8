/** What the rest of the web app uses of settings: the reminder to confirm the email address. */
export { VerifyEmailBanner } from './VerifyEmailBanner';
