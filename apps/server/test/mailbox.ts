/**
 * A real SMTP server in the test process (smtp-server), parsing what it receives (mailparser), so tests
 * read the mails Plaza sent as a person's inbox would and follow the links in them.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** Filled in before the app is built: pass it as `useTestApp`'s env. */
  env: Record<string, string>;
  received: ReceivedMail[];
  /** The next mail to `to` (matching `subject` when given) not yet taken, waiting up to `ms`. */
  next(to: string, subject?: RegExp, ms?: number): Promise<ReceivedMail>;
  /** The mails to `to` so far. */
  to(address: string): ReceivedMail[];
}

/** The `token` of the first link in the mail that starts with `base` (e.g. `http://…/auth/reset-password`). */
export function linkToken(mail: ReceivedMail, base: string): string {
  const at = mail.text.indexOf(`${base}?token=`);
  if (at < 0) throw new Error(`no ${base} link in:\n${mail.text}`);
  const url = new URL(mail.text.slice(at).split(/\s/)[0]);
  return url.searchParams.get('token') ?? '';
}

/** Starts the server before the suite's app (register it first) and stops it after. */
export function useMailbox(): Mailbox {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const env: Record<string, string> = {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
          for (const address of to) {
            received.push({
              to: address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    env.PUBLIC_URL = 'http://plaza.test';
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    env,
    received,
    to: (address) => received.filter((m) => m.to === address.toLowerCase()),
    async next(to, subject, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = received.find((m) => !taken.has(m) && m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` about ${subject}` : ''} within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
