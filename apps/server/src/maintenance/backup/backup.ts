/**
 * `npm run backup [folder]`: a consistent copy of a running instance in a new folder
 * `plaza-<UTC time>` under `folder` (default: `plaza-backups` beside DATA_DIR). The embedded database is
 * copied through SQLite's online backup API, PostgreSQL with `pg_dump`; the media folder around the
 * database's snapshot (media-files.ts); the generated JWT secret when DATA_DIR holds one. The folder is
 * written under a `.partial` name and renamed when complete, so a folder with the final name is whole.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { version } from '../../../package.json';
import type { Config } from '../../config';
import { writeManifest, sha256Of, type Manifest } from './manifest';
import { copyMedia, mediaTotals } from './media-files';
import { describePostgres, dumpDatabase } from './postgres-dump';
import { copyLiveDatabase, COUNTED_TABLES, describeDatabase } from './sqlite-file';

export interface CommandResult {
  code: number;
  lines: string[];
}

type BackupConfig = Pick<Config, 'dataDir' | 'mediaDir' | 'database' | 'storage'>;

/** `2026-11-29T04:15:00.123Z` → `20261129T041500Z`: sorts by time, safe in any file system. */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export const defaultBackupRoot = (dataDir: string) => path.join(path.dirname(dataDir), 'plaza-backups');

export async function runBackup(config: BackupConfig, root = defaultBackupRoot(config.dataDir), now = new Date()): Promise<CommandResult> {
  const name = `plaza-${stamp(now)}`;
  const final = path.join(root, name);
  const dir = `${final}.partial`;
  if (existsSync(final)) return { code: 1, lines: [`${final} already exists.`] };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const lines: string[] = [];
    const disk = config.storage.driver === 'disk';
    const firstPass = disk ? await copyMedia(config.mediaDir, path.join(dir, 'media')) : null;

    const file = config.database.kind === 'sqlite' ? 'plaza.sqlite' : 'plaza.dump';
    let described: { migrations: string[]; counts: Record<string, number> };
    if (config.database.kind === 'sqlite') {
      await copyLiveDatabase(config.database.file, path.join(dir, file));
      described = describeDatabase(path.join(dir, file));
    } else {
      // Described first: the dump holds at least these migrations, and rows written after the count.
      described = await describePostgres(config.database.url, COUNTED_TABLES);
      const dumped = await dumpDatabase(config.database.url, path.join(dir, file));
      if (!dumped.ok) throw new Error(dumped.message);
    }

    let media: Manifest['media'] = null;
    if (firstPass) {
      const secondPass = await copyMedia(config.mediaDir, path.join(dir, 'media'), firstPass);
      media = mediaTotals(new Map([...firstPass, ...secondPass]));
    } else lines.push('Media are in object storage: back the bucket up with its own tools (docs/deploy.md).');

    const secret = path.join(config.dataDir, 'jwt-secret');
    const jwtSecret = existsSync(secret);
    if (jwtSecret) await copyFile(secret, path.join(dir, 'jwt-secret'));

    const dbPath = path.join(dir, file);
    await writeManifest(dir, {
      format: 1,
      createdAt: now.toISOString(),
      version,
      migrations: described.migrations,
      database: { kind: config.database.kind, file, bytes: (await stat(dbPath)).size, sha256: await sha256Of(dbPath) },
      media,
      counts: described.counts,
      jwtSecret,
    });
    await rename(dir, final);
    const counted = Object.entries(described.counts)
      .map(([t, n]) => `${n} ${t}`)
      .join(', ');
    return {
      code: 0,
      lines: [...lines, `Backed up ${counted}${media ? ` and ${media.files} media files` : ''}.`, `Backup written to ${final}`],
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    return { code: 1, lines: [`Backup failed: ${err instanceof Error ? err.message : String(err)}`] };
  }
}
