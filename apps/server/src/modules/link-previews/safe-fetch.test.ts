import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError, safeClient, type SafeGetOptions } from './safe-fetch';
import { startFixtureSite, type FixtureSite } from './testing';

const page: SafeGetOptions = {
  timeoutMs: 2000,
  maxBytes: 1024 * 1024,
  overflow: 'cut',
  accept: 'text/html',
  acceptsType: (type) => type === 'text/html',
};

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof FetchRefusedError ? err.reason : err),
  );

describe('the SSRF-safe client', () => {
  // On 127.0.0.2, which the strict client below allows by name: the address rule must then catch the later hop.
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite('127.0.0.2');
  });
  afterAll(() => site.close());

  it('refuses a loopback address when private addresses are not allowed, before connecting', async () => {
    const strict = safeClient({ allowPrivateAddresses: false, userAgent: 'test' });
    const before = site.hits.get('/article') ?? 0;
    expect(await refusalOf(strict.get(`${site.origin}/article`, page))).toBe('address');
    expect(await refusalOf(strict.get('http://localhost:9/', page))).toBe('address');
    expect(await refusalOf(strict.get('http://[::1]:9/', page))).toBe('address');
    expect(await refusalOf(strict.get('http://169.254.169.254/latest/meta-data/', page))).toBe('address');
    expect(site.hits.get('/article') ?? 0).toBe(before);
  });

  it('checks every redirect again: a chain from an allowed site into 127.0.0.1:22 is refused for its address', async () => {
    const strict = safeClient({ allowPrivateAddresses: false, allowAddresses: ['127.0.0.2'], userAgent: 'test' });
    // The allowed site itself is read.
    expect((await strict.get(`${site.origin}/article`, page)).body.toString()).toContain('og:title');
    const chain = `${site.origin}/redirect?left=2&to=${encodeURIComponent('http://127.0.0.1:22/')}`;
    const before = site.hits.get('/redirect') ?? 0;
    expect(await refusalOf(strict.get(chain, page))).toBe('address');
    expect(site.hits.get('/redirect')! - before).toBe(3);
  });

  it('in test runs reaches loopback hosts only, a redirect elsewhere included', async () => {
    const local = safeClient({ allowPrivateAddresses: true, loopbackOnly: true, userAgent: 'test' });
    expect((await local.get(`${site.origin}/article`, page)).body.toString()).toContain('og:title');
    expect(await refusalOf(local.get('http://example.com/', page))).toBe('address');
    expect(await refusalOf(local.get(`${site.origin}/redirect?to=${encodeURIComponent('http://example.com/')}`, page))).toBe('address');
  });

  it('follows at most five redirects', async () => {
    const open = safeClient({ allowPrivateAddresses: true, userAgent: 'test' });
    expect((await open.get(`${site.origin}/redirect?left=4`, page)).url).toBe(`${site.origin}/article`);
    expect(await refusalOf(open.get(`${site.origin}/redirect?left=5`, page))).toBe('redirects');
  });

  it('refuses other schemes, other content types and error statuses', async () => {
    const open = safeClient({ allowPrivateAddresses: true, userAgent: 'test' });
    expect(await refusalOf(open.get('file:///etc/passwd', page))).toBe('scheme');
    expect(await refusalOf(open.get(`${site.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, page))).toBe('scheme');
    expect(await refusalOf(open.get(`${site.origin}/data.json`, page))).toBe('type');
    expect(await refusalOf(open.get(`${site.origin}/missing`, page))).toBe('status');
  });

  it('stops reading a 50 MB page at 1 MB and keeps its beginning', async () => {
    const open = safeClient({ allowPrivateAddresses: true, userAgent: 'test' });
    const fetched = await open.get(`${site.origin}/huge`, { ...page, timeoutMs: 10_000 });
    expect(fetched.cut).toBe(true);
    expect(fetched.body.length).toBe(1024 * 1024);
    expect(fetched.body.toString()).toContain('Fifty megabytes');
    // What the site got out before the reader hung up: the megabyte and what the sockets buffered, not 50.
    await new Promise((r) => setTimeout(r, 100));
    expect(site.hugeBytesSent()).toBeLessThan(16 * 1024 * 1024);
  });

  it('gives up on a page that does not finish within its deadline', async () => {
    const open = safeClient({ allowPrivateAddresses: true, userAgent: 'test' });
    const started = Date.now();
    expect(await refusalOf(open.get(`${site.origin}/slow`, { ...page, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
