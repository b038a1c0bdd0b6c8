/**
 * The embedded database's part of a backup and a restore: a consistent copy of a live SQLite file through
 * SQLite's online backup API, its checks, and whether some process has the file open.
 */
import SQLite from 'better-sqlite3';
import { chmodSync } from 'node:fs';

/** Tables counted into the manifest: what a person checks a restore by. */
export const COUNTED_TABLES = ['users', 'posts', 'comments', 'messages', 'connections'] as const;

/** Pages per backup step: all of them at once (see `copyLiveDatabase`). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database at `source` to `target` while servers keep writing to it. The whole copy is one
 * step of the backup API, so it reads one snapshot: in WAL mode the writers go on meanwhile, and a write
 * between steps (which would restart a step-by-step copy, possibly for ever under steady writes) cannot
 * fall inside it. The copy is then made a file of its own (rollback journal, no -wal beside it) and checked.
 */
export async function copyLiveDatabase(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // Every message and password hash: readable by the operator's user only, like the database itself.
  chmodSync(target, 0o600);
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy of ${source} failed SQLite's check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/** The migrations a database file has run and the rows of the counted tables; throws when SQLite finds it damaged. */
export function describeDatabase(file: string, { fullCheck = false } = {}): { migrations: string[]; counts: Record<string, number> } {
  const db = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    if (fullCheck) {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(check)}`);
    }
    const migrations = db.prepare<[], string>('select name from kysely_migration order by name').pluck().all();
    const counts = Object.fromEntries(
      COUNTED_TABLES.map((t) => [t, db.prepare<[], number>(`select count(*) from ${t}`).pluck().get() ?? 0]),
    );
    return { migrations, counts };
  } finally {
    db.close();
  }
}

/**
 * Whether a process (a server, an admin command) has the database open. Every connection that has read
 * the file holds a shared lock on it for as long as it stays open (WAL mode), so an exclusive lock is
 * refused at once while any does: no pid file that a crash would leave stale, and any program that has
 * the file open counts, not only a server started by `npm start`. Local disks only: network file systems
 * may not pass locks on.
 */
export function databaseInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    db.close();
  }
}
