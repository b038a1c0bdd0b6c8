import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, testOverrides } from './config';

const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };

describe('settings for test runs only', () => {
  it('are not configuration: no environment variable loosens the abuse limits or the password cost', () => {
    const config = loadConfig({ ...env, RATE_LIMIT_SCALE: '1000', PASSWORD_COST: '1' });
    expect(config.rateLimitScale).toBe(1);
    expect(config.passwordCost).toBeUndefined();
  });

  it('reach the built server only as PLAZA_TEST_OVERRIDES, checked strictly', () => {
    expect(testOverrides(undefined)).toBeNull();
    expect(testOverrides('{"rateLimitScale":1000}')).toEqual({ rateLimitScale: 1000 });
    expect(() => testOverrides('rateLimitScale=1000')).toThrow(/PLAZA_TEST_OVERRIDES: not JSON/);
    expect(() => testOverrides('{"rateLimitScale":0}')).toThrow(/rateLimitScale/);
    expect(() => testOverrides('{"jwtSecret":"x"}')).toThrow(/PLAZA_TEST_OVERRIDES/);
    // A benchmark's A/B names the fast paths it turns off; a name the server does not know is refused.
    expect(testOverrides('{"without":["feedPageCache"]}')).toEqual({ without: ['feedPageCache'] });
    expect(() => testOverrides('{"without":["everything"]}')).toThrow(/without/);
  });
});
