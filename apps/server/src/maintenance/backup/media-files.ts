/**
 * Copies the media folder. Media files are written once under fresh keys and never changed, so a copy
 * taken around the database's snapshot is consistent with it: `copyMedia` runs once before the snapshot
 * and again after it (`since` the first pass), and the second pass brings what was uploaded meanwhile or
 * was still being written. Hidden files (the readiness probe's) are left out.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What one pass copied: each file's size and time, so the next pass copies only what is new or changed. */
export type MediaPass = Map<string, { size: number; mtimeMs: number }>;

export async function copyMedia(from: string, to: string, since: MediaPass = new Map()): Promise<MediaPass> {
  const seen: MediaPass = new Map();
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(from, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const name = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        await walk(name);
        continue;
      }
      if (!entry.isFile()) continue;
      const info = await stat(path.join(from, name)).catch(() => null);
      // Removed since the listing (a deleted post's image): nothing to copy.
      if (!info) continue;
      const mark = { size: info.size, mtimeMs: info.mtimeMs };
      seen.set(name, mark);
      const before = since.get(name);
      if (before && before.size === mark.size && before.mtimeMs === mark.mtimeMs) continue;
      await mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
      // A copy-on-write clone where the file system has them (btrfs, XFS): instant and no extra space.
      await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
    }
  };
  await walk('');
  return seen;
}

export function mediaTotals(pass: MediaPass): { files: number; bytes: number } {
  let bytes = 0;
  for (const { size } of pass.values()) bytes += size;
  return { files: pass.size, bytes };
}
