/**
 * Issue 34, finding 10: files only Plaza's user can read, `/metrics` behind an optional token, a JWT
 * signature accepted in one spelling only, and no mail (nor its token) in a production log.
 */
import { exportResponseSchema } from '@plaza/contract';
import { statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { logLines } from '../../test/log-lines';
import { bodyOf } from '../../test/replies';
import { createMailer } from '../mail';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const METRICS_TOKEN = 'metrics-token-0123456789';

describe('hardening', () => {
  const t = useTestApp('sqlite', { METRICS_TOKEN });

  it('creates the database and export zips readable by Plaza’s user only, whatever the umask', async () => {
    const db = path.join(t.config.dataDir, 'plaza.sqlite');
    expect(modeOf(db)).toBe(0o600);
    expect(modeOf(`${db}-wal`)).toBe(0o600);
    const u = await createUser(t.app);
    expect((await as(t.app, u)({ method: 'POST', url: '/users/me/export' })).statusCode).toBe(202);
    let id = '';
    for (let i = 0; i < 100 && !id; i++) {
      const exp = bodyOf(await as(t.app, u)({ method: 'GET', url: '/users/me/export' }), exportResponseSchema).export;
      if (exp.status === 'ready') id = exp._id;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(modeOf(path.join(t.config.dataDir, 'exports', `${id}.zip`))).toBe(0o600);
    expect(modeOf(path.join(t.config.dataDir, 'exports'))).toBe(0o700);
  });

  it('answers /metrics only with METRICS_TOKEN when it is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('plaza_');
  });

  it('refuses an access token whose signature is spelled in non-canonical base64url', async () => {
    const u = await createUser(t.app);
    const [head, body, sig] = u.accessToken.split('.');
    // 32 bytes in 43 characters: the last one's two low bits carry nothing, so these decode alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1) ?? 'A');
    const twins = [1, 2, 3].map((bits) => `${sig.slice(0, -1)}${alphabet[last ^ bits]}`);
    for (const twin of twins) {
      expect(Buffer.from(twin, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
      expect((await as(t.app, { accessToken: `${head}.${body}.${twin}` })({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    }
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
  });

  it('in production without SMTP_URL, warns at start and logs no mail text (its links hold tokens)', async () => {
    const { lines, sink } = logLines<{ level: number; msg: string; text?: string }>();
    const mailer = createMailer({ smtpUrl: null, from: 'Plaza <p@x.test>', production: true }, pino({ level: 'info' }, sink));
    await mailer.send({
      to: 'a@x.test',
      subject: 'Reset your Plaza password',
      text: 'http://x.test/auth/reset-password?token=SECRET',
      html: '',
    });
    expect(lines[0].level).toBe(40);
    expect(lines[0].msg).toMatch(/SMTP_URL is not set/);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
    expect(lines.at(-1)?.msg).toMatch(/suppressed/);

    const dev = logLines<{ text?: string }>();
    const devMailer = createMailer({ smtpUrl: null, from: 'Plaza <p@x.test>', production: false }, pino({ level: 'info' }, dev.sink));
    await devMailer.send({ to: 'a@x.test', subject: 'Reset', text: 'link ?token=DEVTOKEN', html: '' });
    expect(JSON.stringify(dev.lines)).toContain('DEVTOKEN');
  });
});
