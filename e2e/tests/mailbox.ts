/** A real SMTP server on the e2e mail port, so a spec reads the mails the app sent and follows their links. */
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from '../mail-port';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export class Mailbox {
  private readonly received: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          for (const address of [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''))) {
            this.received.push({ to: address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The first link in the latest mail to `to` about `subject`, waiting for it to arrive. */
  async linkIn(to: string, subject: RegExp): Promise<string> {
    let mail: ReceivedMail | undefined;
    await expect
      .poll(() => (mail = [...this.received].reverse().find((m) => m.to === to.toLowerCase() && subject.test(m.subject))), {
        timeout: 10_000,
      })
      .toBeTruthy();
    const link = /https?:\/\/\S+token=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link, `a link in the mail "${mail?.subject}"`).toBeTruthy();
    return link ?? '';
  }
}
