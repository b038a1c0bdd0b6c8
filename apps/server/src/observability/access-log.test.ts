/**
 * The request log an operator can keep: one line per request, as many at info as LOG_REQUESTS asks
 * (none by default in production), the rest at debug; failures on our side and slow requests always.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { copySqliteTemplate } from '../../test/harness';
import { logLines } from '../../test/log-lines';
import { requestIdMixin } from './request-context';

type Line = { level: number; msg?: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An app whose log lines the test reads, at `level`, with the environment's LOG_REQUESTS and NODE_ENV. */
async function appLogging(env: Record<string, string>, level = 'info'): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
  dirs.push(dataDir);
  copySqliteTemplate(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { lines, sink } = logLines<Line>();
  const app = await buildApp(config, { loggerInstance: pino({ level, mixin: requestIdMixin }, sink) });
  app.get('/__boom', () => Promise.reject(new Error('boom')));
  app.get('/__slow', async () => {
    await new Promise((r) => setTimeout(r, 1050));
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

const completed = (lines: Line[], level?: number) =>
  lines.filter((l) => l.msg === 'request completed' && (level === undefined || l.level === level));

describe('the request log', () => {
  it('in production by default: ordinary requests at debug only; failures and slow requests at info', async () => {
    const { app, lines } = await appLogging({ NODE_ENV: 'production' }, 'debug');
    try {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'plain-1' } });
      await app.inject({ method: 'GET', url: '/__boom', headers: { 'x-request-id': 'boom-1' } });
      await app.inject({ method: 'GET', url: '/__slow', headers: { 'x-request-id': 'slow-1' } });
      const info = completed(lines, 30);
      expect(info.map((l) => l.reqId).sort()).toEqual(['boom-1', 'slow-1']);
      expect(completed(lines, 20).map((l) => l.reqId)).toEqual(['plain-1']);
      expect(info.find((l) => l.reqId === 'boom-1')).toMatchObject({ req: { method: 'GET', url: '/__boom' }, res: { statusCode: 500 } });
    } finally {
      await app.close();
    }
  });

  it('writes one line per request with LOG_REQUESTS=all, with secrets in the URL redacted', async () => {
    const { app, lines } = await appLogging({ NODE_ENV: 'production', LOG_REQUESTS: 'all' });
    try {
      await app.inject({ method: 'GET', url: '/healthz?token=secret-value' });
      expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
      const [line] = completed(lines, 30);
      expect(line.req?.url).toBe('/healthz?token=REDACTED');
      expect(JSON.stringify(lines)).not.toContain('secret-value');
    } finally {
      await app.close();
    }
  });

  it('keeps about the share LOG_REQUESTS gives at info, and the rest nowhere at the info level', async () => {
    const { app, lines } = await appLogging({ LOG_REQUESTS: '0.25' });
    try {
      for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url: '/healthz' });
      // Binomial(200, 0.25): 50 expected, 5 standard deviations either side.
      const kept = completed(lines, 30).length;
      expect(kept).toBeGreaterThan(20);
      expect(kept).toBeLessThan(80);
      expect(completed(lines, 20)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('reads LOG_REQUESTS as all, none or a fraction, and refuses anything else', () => {
    const share = (env: Record<string, string>) => loadConfig({ DATA_DIR: dirs[0], JWT_SECRET: 'x'.repeat(32), ...env }).logRequests;
    expect(share({})).toBe(1);
    expect(share({ NODE_ENV: 'production' })).toBe(0);
    expect(share({ NODE_ENV: 'production', LOG_REQUESTS: 'all' })).toBe(1);
    expect(share({ LOG_REQUESTS: 'none' })).toBe(0);
    expect(share({ LOG_REQUESTS: '0.01' })).toBe(0.01);
    expect(() => share({ LOG_REQUESTS: 'sometimes' })).toThrow(/LOG_REQUESTS must be all, none, or a fraction/);
    expect(() => share({ LOG_REQUESTS: '2' })).toThrow(/LOG_REQUESTS/);
  });
});
