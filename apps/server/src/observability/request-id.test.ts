import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { requestIdMixin } from './request-context';
import { logLines } from '../../test/log-lines';

type LogLine = { reqId?: string; msg?: string };

describe('request ids', () => {
  let app: FastifyInstance;
  let dataDir = '';
  let logged: LogLine[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const { lines, sink } = logLines<LogLine>();
    logged = lines;
    app = await buildApp(config, { loggerInstance: pino({ level: 'info', mixin: requestIdMixin }, sink) });
    // A route that fails the way a bug does: the error handler answers 500 and logs it.
    app.get('/__boom', () => Promise.reject(new Error('boom')));
    // A service's warning mid-request goes through the shared logger, after an await, as services' do.
    app.get('/__warn', async () => {
      await new Promise((r) => setTimeout(r, 5));
      app.ctx.log.warn('an old file was not removed');
      return { ok: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the balancer's id: in the response's header and on the request's log lines", async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.01' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.01');
    const lines = logged.filter((l) => l.reqId === 'lb-7f3a.01').map((l) => l.msg);
    expect(lines).toEqual(['request completed']);
  });

  it('makes a fresh id when none is given or the given one is not sane, and never reuses one', async () => {
    const ids = [];
    for (const given of [undefined, 'has spaces in it', 'x'.repeat(65), '<script>']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: given ? { 'x-request-id': given } : {} });
      ids.push(res.headers['x-request-id']);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names the request on a line the shared logger writes while handling it, and only on that request's", async () => {
    const [a, b] = await Promise.all(
      ['lb-warn-a', 'lb-warn-b'].map((id) => app.inject({ method: 'GET', url: '/__warn', headers: { 'x-request-id': id } })),
    );
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const warnings = logged.filter((l) => l.msg === 'an old file was not removed').map((l) => l.reqId);
    expect(warnings.sort()).toEqual(['lb-warn-a', 'lb-warn-b']);
    app.ctx.log.warn('outside any request');
    expect(logged.find((l) => l.msg === 'outside any request')?.reqId).toBeUndefined();
  });

  it('names the request on the line that logs a failure it answers with a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/__boom', headers: { 'x-request-id': 'lb-boom' } });
    expect(res.statusCode).toBe(500);
    expect(logged.some((l) => l.reqId === 'lb-boom' && l.msg === 'unhandled error')).toBe(true);
  });
});
