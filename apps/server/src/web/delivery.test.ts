import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

// A built web app in miniature: an index, one hashed script with its precompressed copies.
const webDist = mkdtempSync(path.join(tmpdir(), 'plaza-web-dist-'));
const script = `console.log(${JSON.stringify('plaza '.repeat(2000))});`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Plaza</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), gzipSync(script));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('delivering the web app', () => {
  const t = useTestApp('sqlite', { WEB_DIST: webDist });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers an app route with the shell, never cached, also without an Accept header', async () => {
    for (const headers of [{ accept: 'text/html' }, {}, { accept: '*/*' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/profile/someone', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset, an unknown API path and a JSON-only client with the 404 envelope', async () => {
    for (const [url, headers] of [
      ['/assets/gone-old.js', {}],
      ['/api/v1/nothing-here', { accept: 'text/html' }],
      ['/feeds', { accept: 'application/json' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('compresses API JSON above 1 KB for clients that accept it, and leaves small replies alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
