/**
 * Sends mail through `SMTP_URL` with nodemailer. Without it (development), each mail is written to the
 * log instead, its text included, so the links in it can be followed by hand. In production without it,
 * a warning at start says mail is off, and each mail is logged as suppressed without its text: its
 * links carry tokens that open accounts.
 */
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Jobs } from '../jobs';
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
   * not depend on whether a mail went out (a reset request answers alike for unknown addresses). With
   * SMTP_URL set the mail becomes a `mail` job, retried while the SMTP server refuses it.
   */
  sendLater(mail: OutgoingMail): void;
  /** Waits for the mails still being handed over (shutdown, tests). */
  settled(): Promise<void>;
  close(): void;
}

/** The same mail (to, subject, text, which holds its one-time link) asked for twice is one job. */
const mailJobId = (mail: OutgoingMail) =>
  `mail:${createHash('sha256').update(`${mail.to}\n${mail.subject}\n${mail.text}`).digest('base64url').slice(0, 32)}`;

export function createMailer(config: Config['mail'], log: Logger, jobs?: Pick<Jobs, 'enqueue' | 'registerWorker'>): Mailer {
  const mailLog = log.child({ part: 'mail' });
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  if (!transport && config.production)
    mailLog.warn('SMTP_URL is not set: no mail is sent (verification, password reset, notices); set it to send mail');

  async function send(mail: OutgoingMail): Promise<void> {
    if (!transport && config.production) {
      mailLog.warn({ subject: mail.subject }, 'mail suppressed (no SMTP_URL)');
      return;
    }
    if (!transport) {
      mailLog.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail not sent (no SMTP_URL): written here instead');
      return;
    }
    await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    mailLog.debug({ subject: mail.subject }, 'mail sent');
  }

  const track = (work: Promise<void>) => {
    const run: Promise<void> = work.finally(() => pending.delete(run));
    pending.add(run);
  };
  const sendNow = (mail: OutgoingMail) =>
    send(mail).catch((err: unknown) => mailLog.error({ err, subject: mail.subject }, 'a mail could not be sent'));

  // Without SMTP the mail is only logged: nothing to retry, so no job.
  const queued = transport ? jobs : undefined;
  queued?.registerWorker('mail', send);

  return {
    send,
    sendLater(mail) {
      if (!queued) return track(sendNow(mail));
      track(
        queued.enqueue('mail', mail, { jobId: mailJobId(mail) }).catch((err: unknown) => {
          // The queue's store is away (Redis down): the mail goes out as it did before jobs, once.
          mailLog.warn({ err, subject: mail.subject }, 'a mail could not be queued; it is sent directly');
          return sendNow(mail);
        }),
      );
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
