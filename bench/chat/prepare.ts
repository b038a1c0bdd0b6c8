/** Creates the benchmark's users and sessions straight in the database, and signs their access tokens. */
import { createDb, migrateToLatest, TokenSigner, newId, nowIso } from '../../apps/server/src/for-benchmarks';
import type { BenchUser } from './protocol';

const BATCH = 400;

/**
 * `count` users for the clients; with `authorFriends`, one more (the last in the list): a post author who
 * is friends with that many of them, so each post fans out to that many timelines.
 */
export async function prepareUsers(
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string },
  count: number,
  jwtSecret: string,
  authorFriends = 0,
): Promise<BenchUser[]> {
  const { db } = createDb(database);
  try {
    await migrateToLatest(db);
    const signer = new TokenSigner(jwtSecret, 4 * 3600);
    const users: BenchUser[] = [];
    const at = nowIso();
    const total = count + (authorFriends > 0 ? 1 : 0);
    for (let from = 0; from < total; from += BATCH) {
      const rows = [];
      const sessions = [];
      for (let i = from; i < Math.min(total, from + BATCH); i++) {
        const id = newId();
        const name = `bench_${i}`;
        rows.push({
          id,
          user_name: name,
          user_name_lower: name,
          full_name: `Bench User ${i}`,
          full_name_lower: `bench user ${i}`,
          email: `${name}@bench.invalid`,
          user_bio: null,
          avatar_url: null,
          avatar_thumb_url: null,
          // Nobody logs in with a password here; the clients hold signed tokens.
          password_hash: 'not-a-password-hash',
          created_at: at,
          updated_at: at,
        });
        const sessionId = newId();
        sessions.push({ id: sessionId, user_id: id, created_at: at, revoked_at: null, user_agent: 'bench' });
        users.push({ userId: id, userName: name, token: await signer.sign({ userId: id, sessionId }) });
      }
      await db.insertInto('users').values(rows).execute();
      await db.insertInto('sessions').values(sessions).execute();
    }
    if (authorFriends > 0) {
      const author = users[count];
      for (let from = 0; from < Math.min(authorFriends, count); from += BATCH) {
        const friends = users.slice(from, Math.min(authorFriends, count, from + BATCH));
        await db
          .insertInto('connections')
          .values(
            friends.map((f) => {
              const [low, high] = [author.userId, f.userId].sort();
              return {
                id: newId(),
                user_low: low,
                user_high: high,
                requester_id: author.userId,
                status: 'accepted',
                created_at: at,
                updated_at: at,
              };
            }),
          )
          .execute();
      }
    }
    return users;
  } finally {
    await db.destroy();
  }
}
