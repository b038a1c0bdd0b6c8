import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are argon2id at OWASP’s parameters unless a lower cost is given (test runs only)', async () => {
    expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse battery', { memoryCost: 1024, timeCost: 1 })).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('made at any cost verify anywhere, since a hash names its own', async () => {
    const cheap = await hashPassword('correct horse battery', { memoryCost: 1024, timeCost: 1 });
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong horse battery')).toBe(false);
  });

  it('for an unknown account cost what a real one costs', async () => {
    expect(await dummyPasswordHash()).toMatch(/\$m=19456,t=2,/);
    expect(await dummyPasswordHash({ memoryCost: 1024, timeCost: 1 })).toMatch(/\$m=1024,t=1,/);
  });
});
