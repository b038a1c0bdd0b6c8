/**
 * `npm run db:maintain`: builds what the migrations leave to an operator because it takes too long on a
 * large database to run at a server's start: today PostgreSQL's covering timeline key for feed pages
 * (modules/posts/feed-page-key.ts). On the database the server would use (DATA_DIR's SQLite file, or
 * DATABASE_URL). Safe while servers run; idempotent; run it again after an interruption.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { buildFeedPageKey, type BuildOutcome } from '../modules/posts';

/** A build on tens of millions of rows runs for minutes: far past the server's statement timeout. */
const BUILD_TIMEOUT_MS = 24 * 60 * 60 * 1000;

const SAID: Record<BuildOutcome, string> = {
  built: "timeline's covering key: built.",
  rebuilt: "timeline's covering key: rebuilt after an interrupted build.",
  'already-built': "timeline's covering key: already built, nothing to do.",
};

/** What was done, or null on SQLite (whose timelines are clustered on their key and need no such index). */
export async function main(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  progressEveryMs?: number,
): Promise<BuildOutcome | null> {
  const config = loadConfig(env);
  if (config.database.kind !== 'postgres') {
    log('SQLite: nothing to maintain (its timelines are stored in the order feed pages read them).');
    return null;
  }
  // Room for the progress reads beside the build.
  const { db } = createDb(config.database, undefined, { ...config.databaseTimeouts, poolSize: 4, statementMs: BUILD_TIMEOUT_MS });
  try {
    await migrateToLatest(db);
    const outcome = await buildFeedPageKey(db, log, progressEveryMs);
    log(SAID[outcome]);
    return outcome;
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`db:maintain failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
