/**
 * Sends mail through `SMTP_URL` with nodemailer. Without it (development), each mail is written to the
 * log instead, its text included, so the links in it can be followed by hand.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { RenderedMail } from './templates';

export interface OutgoingMail extends RenderedMail {
  to: string;
}

export interface Mailer {
  /** Resolves once the SMTP server took the mail (or it was logged); rejects when it could not be handed over. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends without making the caller wait: a failure is logged, never thrown. Used where the answer must
   * not depend on whether a mail went out (a reset request answers alike for unknown addresses).
   */
  sendLater(mail: OutgoingMail): void;
  /** Waits for the mails still being handed over (shutdown, tests). */
  settled(): Promise<void>;
  close(): void;
}

export function createMailer(config: Config['mail'], log: Logger): Mailer {
  const mailLog = log.child({ part: 'mail' });
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function send(mail: OutgoingMail): Promise<void> {
    if (!transport) {
      mailLog.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail not sent (no SMTP_URL): written here instead');
      return;
    }
    await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    mailLog.debug({ subject: mail.subject }, 'mail sent');
  }

  return {
    send,
    sendLater(mail) {
      const run: Promise<void> = send(mail)
        .catch((err: unknown) => mailLog.error({ err, subject: mail.subject }, 'a mail could not be sent'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
