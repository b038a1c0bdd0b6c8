import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createUser } from '../../test/factories';
import { useTestApp, type TestApp } from '../../test/harness';

/** One login attempt as it reaches the server from `peer`, optionally claiming to forward for someone. */
function login(t: TestApp, peer: string, identifier: string, password: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { identifier, password },
  });
}

const spoofed = (i: number) => `198.51.100.${i + 1}`;

describe('TRUST_PROXY setting', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
  const parse = (value: string) => loadConfig({ ...env, TRUST_PROXY: value }).trustProxy;

  it('is off unless set, and takes true/false, a hop count or addresses and ranges', () => {
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('TRUE')).toBe(true);
    expect(parse('2')).toBe(2);
    expect(parse('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses what it cannot read, naming the variable', () => {
    expect(() => parse('nginx')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.1/8/1')).toThrow(/TRUST_PROXY/);
  });
});

describe('with TRUST_PROXY off, X-Forwarded-For changes nothing', () => {
  const t = useTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });

  it('a client locked out of an account cannot keep guessing by spoofing its address', async () => {
    const victim = await createUser(t.app, { password: 'the real password' });
    const attacker = '203.0.113.7';
    for (let i = 0; i < 3; i++) expect((await login(t, attacker, victim.user.userName, `guess ${i}`)).statusCode).toBe(401);
    expect((await login(t, attacker, victim.user.userName, 'guess 3')).statusCode).toBe(429);

    // The attack as found: a fresh forwarded address on every guess, the last one right.
    const guesses = ['guess 4', 'guess 5', 'guess 6', 'guess 7', 'guess 8', 'the real password'];
    for (const [i, password] of guesses.entries()) {
      const res = await login(t, attacker, victim.user.userName, password, spoofed(i));
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ success: false, error: 'Too Many Requests' });
    }
  });

  it("claiming to be the server's own host does not help either", async () => {
    const victim = await createUser(t.app);
    const attacker = '203.0.113.8';
    for (let i = 0; i < 3; i++) await login(t, attacker, victim.user.email, `guess ${i}`);
    const res = await login(t, attacker, victim.user.email, 'guess 3', '127.0.0.1');
    expect(res.statusCode).toBe(429);
  });
});

describe('with TRUST_PROXY naming the proxy, the forwarded address counts', () => {
  const t = useTestApp('sqlite', { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });

  it('each client behind the proxy has its own budget', async () => {
    const victim = await createUser(t.app);
    const proxy = '127.0.0.1';
    for (let i = 0; i < 3; i++) expect((await login(t, proxy, victim.user.userName, `guess ${i}`, '192.0.2.10')).statusCode).toBe(401);
    expect((await login(t, proxy, victim.user.userName, 'guess 3', '192.0.2.10')).statusCode).toBe(429);
    // Another client of the same proxy is a different address.
    expect((await login(t, proxy, victim.user.userName, 'guess 4', '192.0.2.11')).statusCode).toBe(401);
    // A client that prepends its own entry is still known by the address the proxy appended.
    expect((await login(t, proxy, victim.user.userName, 'guess 5', '198.51.100.99, 192.0.2.10')).statusCode).toBe(429);
  });

  it('a peer that is not the proxy cannot forward for anyone', async () => {
    const victim = await createUser(t.app);
    const stranger = '203.0.113.9';
    for (let i = 0; i < 3; i++) await login(t, stranger, victim.user.userName, `guess ${i}`, spoofed(i));
    expect((await login(t, stranger, victim.user.userName, 'guess 3', spoofed(3))).statusCode).toBe(429);
  });
});

describe('with TRUST_PROXY as a hop count, only private-network hops are believed', () => {
  const t = useTestApp('sqlite', { AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });

  it('a load balancer on a private address forwards the client; a client on the internet cannot', async () => {
    const victim = await createUser(t.app);
    const balancer = '10.0.3.4';
    for (let i = 0; i < 3; i++) await login(t, balancer, victim.user.userName, `guess ${i}`, '192.0.2.20');
    expect((await login(t, balancer, victim.user.userName, 'guess 3', '192.0.2.20')).statusCode).toBe(429);
    expect((await login(t, balancer, victim.user.userName, 'guess 4', '192.0.2.21')).statusCode).toBe(401);

    const direct = '203.0.113.10';
    for (let i = 0; i < 3; i++) await login(t, direct, victim.user.userName, `guess ${i}`, spoofed(i));
    expect((await login(t, direct, victim.user.userName, 'guess 3', spoofed(3))).statusCode).toBe(429);
  });
});
