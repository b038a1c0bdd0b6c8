import { STORAGE_KEYS } from '@plaza/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, persistSession, readSession } from './secure-storage';

describe('encrypted session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores the three entries encrypted and reads them back', async () => {
    await persistSession({ accessToken: 'access-abc', refreshToken: 'refresh-xyz', userDetails: { userName: 'ada' } });
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userDetails]) {
      const raw = localStorage.getItem(key)!;
      expect(raw).toBeTruthy();
      expect(raw).not.toMatch(/access-abc|refresh-xyz|ada/);
    }
    expect(await readSession()).toEqual({ accessToken: 'access-abc', refreshToken: 'refresh-xyz', userDetails: { userName: 'ada' } });
  });

  it('treats tampered entries as absent and clears all three on clearSession', async () => {
    await persistSession({ accessToken: 'a', refreshToken: 'r', userDetails: null });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'not-a-cipher-text');
    expect((await readSession()).accessToken).toBeNull();
    await clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});
