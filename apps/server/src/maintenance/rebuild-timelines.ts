/**
 * `npm run rebuild-timelines`: rebuilds the home feed's timelines, their sizes and the posts' counters
 * from the rows they are derived from (modules/posts/timeline-rebuild.ts), on the database the server
 * would use (DATA_DIR's SQLite file, or DATABASE_URL), and prints what it fixed. Safe while servers run;
 * with REDIS_URL it tells them to drop the feed pages they cached (cache/feed-page-cache.ts).
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { announceToServers } from '../lib/event-relay';
import { rebuildTimelines, type RebuildReport } from '../modules/posts';

const LINES: Array<[keyof RebuildReport, string]> = [
  ['timelineRowsAdded', 'timeline rows added'],
  ['timelineRowsRemoved', 'timeline rows removed'],
  ['timelineMarksFixed', 'timeline rows with wrong reactions or favorite fixed'],
  ['feedSizesFixed', 'timeline sizes fixed'],
  ['postCountersFixed', 'posts with wrong counters fixed'],
];

/** The report as the command prints it. */
export function describeReport(report: RebuildReport): string {
  const total = LINES.reduce((sum, [key]) => sum + report[key], 0);
  const lines = LINES.map(([key, text]) => `  ${String(report[key]).padStart(8)}  ${text}`);
  return [total === 0 ? 'Nothing to fix: timelines and counters agree with the data.' : `Fixed ${total}:`, ...lines].join('\n');
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<RebuildReport> {
  const config = loadConfig(env);
  const { db } = createDb(config.database);
  try {
    await migrateToLatest(db);
    const report = await rebuildTimelines(db);
    // The servers drop the feed pages they kept (SQLite's servers also see the write themselves).
    if (config.redisUrl) await announceToServers(config.redisUrl, config.redisKeyPrefix, 'feedPagesChanged', {});
    return report;
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main()
    .then((report) => {
      process.stdout.write(`${describeReport(report)}\n`);
      // Machine-readable too, for scripts and monitoring.
      process.stdout.write(`${JSON.stringify(report)}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`rebuild-timelines failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
