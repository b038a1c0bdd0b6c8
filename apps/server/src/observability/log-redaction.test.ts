/** Secrets in URLs never reach the request log (issue 34, finding 5). */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { logLines } from '../../test/log-lines';
import { redactUrl } from './log-redaction';

describe('the request log', () => {
  let app: FastifyInstance;
  let dataDir = '';
  let logged: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const { lines, sink } = logLines();
    logged = lines;
    app = await buildApp(config, { loggerInstance: pino({ level: 'info' }, sink) });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a reset link', '/auth/reset-password?token=RESETSECRET0123456789'],
    ['a verification link', '/api/v1/auth/verify-email?token=VERIFYSECRET0123456789&x=1'],
    ['an export link', '/api/v1/users/me/export/abc/download?expires=99999999999&sig=EXPORTSIGSECRET'],
    ['a story file', '/media/stories/abc.webp?expires=99999999999&signature=STORYSIGSECRET'],
  ])('keeps the path of %s and drops its secret', async (_what, url) => {
    await app.inject({ method: 'GET', url });
    const text = JSON.stringify(logged);
    expect(text).not.toMatch(/RESETSECRET|VERIFYSECRET|EXPORTSIGSECRET|STORYSIGSECRET/);
    const line = logged.find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith(url.split('?')[0]));
    expect((line?.req as { url: string }).url).toContain('=REDACTED');
  });

  it('leaves other query values alone, and drops a query it cannot read', () => {
    expect(redactUrl('/search/users?query=ann&page=2')).toBe('/search/users?query=ann&page=2');
    expect(redactUrl('/x?Token=a&sig=b&expires=5')).toBe('/x?Token=REDACTED&sig=REDACTED&expires=5');
  });
});
