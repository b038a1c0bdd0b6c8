/**
 * PostgreSQL's part of a backup and a restore: `pg_dump` in its custom format and `pg_restore`, the
 * client programs of the server's major version or newer, when they are on PATH. The password goes to
 * them in PGPASSWORD, never on a command line other users could read in `ps`.
 */
import { execFile } from 'node:child_process';
import pg from 'pg';
import { PLAZA_APPLICATION_NAME } from '../../db';

function run(program: string, args: string[], url: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve) => {
    execFile(
      program,
      [...args, `--dbname=${u.toString()}`],
      { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (!err) return resolve({ ok: true });
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        resolve({
          ok: false,
          message: missing
            ? `${program} is not on PATH: install PostgreSQL's client programs (Debian: postgresql-client) of the server's major version or newer, or see docs/deploy.md for pg_dump and point-in-time recovery.`
            : `${program} failed: ${stderr.trim() || err.message}`,
        });
      },
    );
  });
}

export const dumpDatabase = (url: string, file: string) => run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], url);

/** Replaces what the dump holds, in one transaction: a failed restore leaves the database as it was. */
export const restoreDatabase = (url: string, file: string) =>
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', file], url);

/** Connections of Plaza processes to this database other than ours: servers that would write on during a restore. */
export async function plazaConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
      [PLAZA_APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The migrations the database has run and a few tables' rows, as for a SQLite file. */
export async function describePostgres(
  url: string,
  tables: readonly string[],
): Promise<{ migrations: string[]; counts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await client.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]?.n ?? 0);
    return { migrations: rows.map((r) => r.name), counts };
  } finally {
    await client.end();
  }
}
