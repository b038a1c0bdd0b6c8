/** Creates the benchmark's users, sessions and groups straight in the database, and signs their access tokens. */
import { createDb, migrateToLatest, TokenSigner, newId, nowIso, type Db } from '../../apps/server/src/for-benchmarks';
import type { BenchUser } from './protocol';

const BATCH = 400;

/**
 * `count` users for the clients; with `authorFriends`, one more (the last in the list): a post author who
 * is friends with that many of them, so each post fans out to that many timelines. With `groupSize`, the
 * clients also form groups of that many, consecutive in the list (a remainder smaller than a group stays out).
 */
export async function prepareUsers(
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string },
  count: number,
  jwtSecret: string,
  authorFriends = 0,
  groupSize = 0,
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
    if (groupSize > 0) await writeGroups(db, users.slice(0, count), groupSize, at);
    return users;
  } finally {
    await db.destroy();
  }
}

/**
 * Groups written as rows, the way `POST /chats/groups` stores them (its conversation row, its members, the
 * first of them its admin) without the friendships and system line the route needs and the benchmark does not.
 */
async function writeGroups(db: Db, users: BenchUser[], size: number, at: string): Promise<void> {
  const conversations = [];
  const members = [];
  for (let from = 0; from + size <= users.length; from += size) {
    const id = newId();
    const creator = users[from].userId;
    conversations.push({
      pair_key: id,
      user_low: creator,
      user_high: creator,
      created_at: at,
      last_seq: 0,
      kind: 'group' as const,
      name: `Bench group ${from / size}`,
      photo_url: null,
      created_by: creator,
    });
    for (let i = from; i < from + size; i++) {
      users[i].groupId = id;
      members.push({
        conversation_key: id,
        user_id: users[i].userId,
        role: i === from ? ('admin' as const) : ('member' as const),
        joined_at: at,
        read_seq: 0,
        muted: 0,
      });
    }
  }
  for (let from = 0; from < conversations.length; from += BATCH)
    await db
      .insertInto('conversations')
      .values(conversations.slice(from, from + BATCH))
      .execute();
  for (let from = 0; from < members.length; from += BATCH)
    await db
      .insertInto('group_members')
      .values(members.slice(from, from + BATCH))
      .execute();
}
