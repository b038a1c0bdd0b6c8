/**
 * `npm run restore <backup folder>`: puts a backup made by `npm run backup` back in place of the
 * instance of DATA_DIR / DATABASE_URL. It refuses while the instance runs: the SQLite file must take an
 * exclusive lock (sqlite-file.ts, `databaseInUse`), a PostgreSQL database must have no connection of a
 * Plaza process. What it replaces is not deleted: the old database file, media folder and JWT secret
 * move to `DATA_DIR/replaced-<time>/`. Nothing moves until the backup has passed its checks.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { migrations as knownMigrations } from '../../db/migrations';
import type { CommandResult } from './backup';
import { readManifest, sha256Of, type Manifest } from './manifest';
import { copyMedia } from './media-files';
import { plazaConnections, restoreDatabase } from './postgres-dump';
import { databaseInUse, describeDatabase } from './sqlite-file';

type RestoreConfig = Pick<Config, 'dataDir' | 'mediaDir' | 'database' | 'storage'>;

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Why the backup cannot be restored by this code, or null. */
async function checkBackup(dir: string, manifest: Manifest, config: RestoreConfig): Promise<string | null> {
  if (manifest.database.kind !== config.database.kind)
    return `This backup holds a ${manifest.database.kind} database; this instance runs on ${config.database.kind}.`;
  const file = path.join(dir, manifest.database.file);
  if (!existsSync(file) || (await sha256Of(file)) !== manifest.database.sha256)
    return `${file} is missing or not the file the backup wrote (its digest differs).`;
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations));
  if (unknown.length) return `The backup was made by a newer Plaza (migrations ${unknown.join(', ')}): restore it with that version.`;
  if (manifest.database.kind === 'sqlite') describeDatabase(file, { fullCheck: true });
  return null;
}

export async function runRestore(dir: string, config: RestoreConfig, now = new Date()): Promise<CommandResult> {
  const manifest = await readManifest(dir);
  if ('error' in manifest) return { code: 1, lines: [manifest.error] };
  try {
    const problem = await checkBackup(dir, manifest, config);
    if (problem) return { code: 1, lines: [problem] };
  } catch (err) {
    return { code: 1, lines: [err instanceof Error ? err.message : String(err)] };
  }

  const db = config.database;
  if (db.kind === 'sqlite' && existsSync(db.file) && databaseInUse(db.file))
    return {
      code: 1,
      lines: [`Plaza (or another program) has ${db.file} open. Stop every server using it, then run the restore again.`],
    };
  if (db.kind === 'postgres') {
    const running = await plazaConnections(db.url);
    if (running > 0)
      return {
        code: 1,
        lines: [`${running} connections of Plaza processes are open on this database. Stop every node, then run the restore again.`],
      };
  }

  const aside = path.join(config.dataDir, `replaced-${stamp(now)}`);
  const moveAside = async (from: string) => {
    if (!existsSync(from)) return false;
    await mkdir(aside, { recursive: true, mode: 0o700 });
    await rename(from, path.join(aside, path.basename(from)));
    return true;
  };
  const lines: string[] = [];
  let moved = false;

  if (db.kind === 'sqlite') {
    // Written beside the target first, so the database appears whole or not at all.
    const incoming = `${db.file}.restoring`;
    await copyFile(path.join(dir, manifest.database.file), incoming);
    for (const f of [db.file, `${db.file}-wal`, `${db.file}-shm`]) moved = (await moveAside(f)) || moved;
    await rename(incoming, db.file);
  } else {
    const restored = await restoreDatabase(db.url, path.join(dir, manifest.database.file));
    if (!restored.ok) return { code: 1, lines: [restored.message, 'The database was left as it was.'] };
  }

  if (manifest.media && config.storage.driver === 'disk') {
    const incoming = `${config.mediaDir}.restoring`;
    await rm(incoming, { recursive: true, force: true });
    await mkdir(incoming, { recursive: true });
    await copyMedia(path.join(dir, 'media'), incoming);
    moved = (await moveAside(config.mediaDir)) || moved;
    await rename(incoming, config.mediaDir);
  } else if (manifest.media) lines.push("This instance keeps media in object storage: copy the backup's media folder into the bucket.");

  if (manifest.jwtSecret) {
    moved = (await moveAside(path.join(config.dataDir, 'jwt-secret'))) || moved;
    await copyFile(path.join(dir, 'jwt-secret'), path.join(config.dataDir, 'jwt-secret'));
  }

  const counted = Object.entries(manifest.counts)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');
  return {
    code: 0,
    lines: [
      ...lines,
      `Restored the backup of ${manifest.createdAt} (${counted}${manifest.media ? `, ${manifest.media.files} media files` : ''}).`,
      ...(moved ? [`What it replaced is in ${aside}`] : []),
      'Start Plaza: it runs the migrations this version adds, if any.',
    ],
  };
}
