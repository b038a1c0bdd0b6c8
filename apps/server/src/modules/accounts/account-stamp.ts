/**
 * The account's security stamp: one value that every mailed link (verify, change of address, its
 * cancellation, password reset) and every signed export link carries, derived from the password hash. A
 * password change or reset makes a new hash, so it voids every outstanding link of the account at once,
 * whatever its purpose: one rule instead of a list of tokens to remember (docs/decisions/accounts.md).
 */
import { createHash } from 'node:crypto';

export const accountStamp = (passwordHash: string): string =>
  createHash('sha256').update(`plaza-stamp:${passwordHash}`).digest('base64url').slice(0, 22);
