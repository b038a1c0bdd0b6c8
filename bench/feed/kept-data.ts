/**
 * Where a feed benchmark keeps a database it has built, so the long build runs once and the measuring
 * can be redone in minutes. `--keep-db=NAME` keeps the SQLite build in `FEED_DATA_ROOT/NAME/`
 * (default /var/tmp/plaza-bench-feed) beside a note of what it holds, and with `--database=postgres`
 * also the PostgreSQL database NAME; `--reuse-db=NAME` measures them again without building.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeptNote {
  users: number;
  posts: number;
  friends: number;
  readerName: string;
  timelineRows: number;
}

export interface KeptChoice {
  name: string;
  /** Measure what was kept, without building. */
  reuse: boolean;
  dataDir: string;
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/** `--keep-db=NAME` or `--reuse-db=NAME` (or KEEP_DB / REUSE_DB), or null for a throw-away build. */
export function keptChoice(): KeptChoice | null {
  const keep = flag('keep-db') ?? process.env.KEEP_DB;
  const reuse = flag('reuse-db') ?? process.env.REUSE_DB;
  if (keep && reuse) throw new Error('Give --keep-db or --reuse-db, not both.');
  const name = keep ?? reuse;
  if (!name) return null;
  // The name is also a PostgreSQL database name, written into SQL unquoted.
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`A kept database name is lower-case letters, digits and _: ${name}`);
  const dataDir = path.join(process.env.FEED_DATA_ROOT ?? '/var/tmp/plaza-bench-feed', name);
  if (reuse && !existsSync(noteFile(dataDir))) throw new Error(`Nothing kept under ${dataDir}: build it first with --keep-db=${name}.`);
  mkdirSync(dataDir, { recursive: true });
  return { name, reuse: Boolean(reuse), dataDir };
}

const noteFile = (dataDir: string) => path.join(dataDir, 'feed-bench.json');

export function writeNote(dataDir: string, note: KeptNote): void {
  writeFileSync(noteFile(dataDir), `${JSON.stringify(note, null, 2)}\n`);
}

export function readNote(dataDir: string): KeptNote {
  return JSON.parse(readFileSync(noteFile(dataDir), 'utf8')) as KeptNote;
}
