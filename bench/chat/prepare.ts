/** Creates the benchmark's users and sessions straight in the database, and signs their access tokens. */
import { createDb, migrateToLatest } from '../../apps/server/src/db';
import { TokenSigner } from '../../apps/server/src/modules/auth/tokens';
import { newId, nowIso } from '../../apps/server/src/lib/ids';
import type { BenchUser } from './protocol';

const BATCH = 400;

export async function prepareUsers(sqliteFile: string, count: number, jwtSecret: string): Promise<BenchUser[]> {
  const { db } = createDb({ kind: 'sqlite', file: sqliteFile });
  try {
    await migrateToLatest(db);
    const signer = new TokenSigner(jwtSecret, 4 * 3600);
    const users: BenchUser[] = [];
    const at = nowIso();
    for (let from = 0; from < count; from += BATCH) {
      const rows = [];
      const sessions = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
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
    return users;
  } finally {
    await db.destroy();
  }
}
