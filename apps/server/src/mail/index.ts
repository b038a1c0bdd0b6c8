/** Outgoing mail: the transport (SMTP or the log) and the mails Plaza sends. */
export { createMailer, type Mailer, type OutgoingMail } from './mailer';
export { mails, type Instance } from './templates';
