/** Login's returnUrl never leads off the site, nor leaves the app stuck (issue 34, finding 9). */
import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './auth-nav';

const of = (returnUrl: string) => safeReturnUrl(`?returnUrl=${encodeURIComponent(returnUrl)}`);

describe('safeReturnUrl', () => {
  it('follows a path of this site, with its query and hash', () => {
    expect(of('/feeds')).toBe('/feeds');
    expect(of('/chat?with=ann#end')).toBe('/chat?with=ann#end');
    expect(of('/network/u/profile/a%20b')).toBe('/network/u/profile/a%20b');
  });

  it.each([
    '/\\evil.example/x',
    '//evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'feeds',
    '',
  ])('ignores %j', (returnUrl) => {
    expect(of(returnUrl)).toBeNull();
  });

  it('ignores the raw (undecoded) spellings too', () => {
    expect(safeReturnUrl('?returnUrl=/%5Cevil.example/x')).toBeNull();
    expect(safeReturnUrl('?returnUrl=%2F%2Fevil.example')).toBeNull();
    expect(safeReturnUrl('?returnUrl=/%09/evil.example')).toBeNull();
  });
});
