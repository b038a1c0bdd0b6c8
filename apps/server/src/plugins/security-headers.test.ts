import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

/** The exact set the server has always sent; any change to it should be a decision, not a side effect. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;connect-src 'self' ws: wss:;font-src 'self' data:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  const t = useTestApp('sqlite');

  it('sends the same headers on health checks, API replies and unknown paths', async () => {
    const ada = await createUser(t.app);
    const replies = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await as(t.app, ada)({ method: 'GET', url: '/users/me' }),
      await as(t.app, null)({ method: 'GET', url: '/users/me' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
    ];
    for (const res of replies) expect(res.headers).toMatchObject(EXPECTED);
  });
});
