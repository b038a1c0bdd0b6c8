/**
 * Who may see a user's presence: their friends (the people feature's friendships) and the people they
 * have exchanged messages with (this feature's conversations), but for anyone on the other side of a
 * block (the safety feature's blocks).
 */
import type { Db } from '../../db';
import { friendshipsAmong } from '../people';
import { blocksAmong } from '../safety';

export function audienceRepo(db: Db) {
  return {
    /** For each of `userIds`, the ids of their friends and chat partners with no block either way. Three queries for the whole batch. */
    async audiencesOf(userIds: readonly string[]): Promise<Map<string, Set<string>>> {
      const out = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
      if (userIds.length === 0) return out;
      const [friends, partners, blocks] = await Promise.all([
        friendshipsAmong(db, userIds),
        db
          .selectFrom('conversations')
          .select(['user_low', 'user_high'])
          .where((eb) => eb.or([eb('user_low', 'in', userIds), eb('user_high', 'in', userIds)]))
          // A group's row names its creator twice; being in a group shares no presence (product.md § Group conversations).
          .where('kind', '=', 'direct')
          .execute(),
        blocksAmong(db, userIds),
      ]);
      for (const { user_low, user_high } of [...friends, ...partners]) {
        out.get(user_low)?.add(user_high);
        out.get(user_high)?.add(user_low);
      }
      for (const { blocker_id, blocked_id } of blocks) {
        out.get(blocker_id)?.delete(blocked_id);
        out.get(blocked_id)?.delete(blocker_id);
      }
      return out;
    },
  };
}
