/**
 * The tokens of mailed links (verify an address, confirm a new one or cancel it, reset a password): 256
 * random bits in the mail, only their SHA-256 in the database, so a leaked database opens no account.
 * Each carries the account's security stamp: after a password change or reset none of them works.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import type { AccountTokenPurpose } from '../../db/tables/accounts';
import { BadRequestError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { userRepo } from '../users';
import { accountStamp } from './account-stamp';
import { tokenRepo } from './token-repo';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const invalidLink = () =>
  new BadRequestError(sentence('error.link.invalid'), [{ path: 'token', message: 'Invalid or expired link' }]);

export function linkTokens(db: Db) {
  const repo = tokenRepo(db);
  const users = userRepo(db);
  const currentStamp = async (userId: string) => {
    const user = await users.findById(userId);
    return user ? accountStamp(user.password_hash) : null;
  };
  return {
    /** Mints a link token for the person; older unused links of the same purpose stop working. */
    async mint(userId: string, purpose: AccountTokenPurpose, email: string, ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await repo.spendAll(userId, purpose, now.toISOString());
      await repo.insert({
        id: newId(),
        user_id: userId,
        purpose,
        token_hash: hashOf(token),
        email,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        stamp: await currentStamp(userId),
      });
      return token;
    },

    /** Spends a token of one of `purposes`: answers its row, or throws the one "invalid or expired" 400. */
    async spend(token: string, purposes: readonly AccountTokenPurpose[]) {
      const row = await repo.findByHash(hashOf(token));
      if (!row || !purposes.includes(row.purpose) || row.used_at !== null || row.expires_at <= nowIso()) throw invalidLink();
      // The password changed since this link was mailed: it belongs to a state of the account that is gone.
      if (row.stamp === null || row.stamp !== (await currentStamp(row.user_id))) throw invalidLink();
      if (!(await repo.spend(row.id, nowIso()))) throw invalidLink();
      return row;
    },

    sentSince: (userId: string, purpose: AccountTokenPurpose, since: string) => repo.countSince(userId, purpose, since),
    /** Voids every unused link of this purpose. */
    spendAll: (userId: string, purpose: AccountTokenPurpose, at: string) => repo.spendAll(userId, purpose, at),
  };
}
