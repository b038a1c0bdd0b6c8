/**
 * Who may see a user's presence: their friends (accepted connections) and the people they have
 * exchanged messages with. Read-only; the people feature owns the connections table.
 */
import type { Db } from '../../db';

export function audienceRepo(db: Db) {
  return {
    /** For each of `userIds`, the ids of their friends and chat partners. Two queries for the whole batch. */
    async audiencesOf(userIds: readonly string[]): Promise<Map<string, Set<string>>> {
      const out = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
      if (userIds.length === 0) return out;
      const [friends, partners] = await Promise.all([
        db
          .selectFrom('connections')
          .select(['user_low', 'user_high'])
          .where('status', '=', 'accepted')
          .where((eb) => eb.or([eb('user_low', 'in', userIds), eb('user_high', 'in', userIds)]))
          .execute(),
        db
          .selectFrom('conversations')
          .select(['user_low', 'user_high'])
          .where((eb) => eb.or([eb('user_low', 'in', userIds), eb('user_high', 'in', userIds)]))
          .execute(),
      ]);
      for (const { user_low, user_high } of [...friends, ...partners]) {
        out.get(user_low)?.add(user_high);
        out.get(user_high)?.add(user_low);
      }
      return out;
    },
  };
}
