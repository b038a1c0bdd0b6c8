/**
 * CPU time of the PostgreSQL backends serving one database, from /proc (the server must run on this
 * machine). The feed's requests cost the database as much as the server, and both share the cores.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

function backendMicros(pid: number): number {
  try {
    // Fields after the command (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone
  }
}

/** Reads the CPU used so far by every backend connected to `database`; a difference of two readings is what they used between them. */
export function postgresCpu(admin: pg.Client, database: string) {
  return async (): Promise<Map<number, number>> => {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    return new Map(rows.map((r) => [r.pid, backendMicros(r.pid)]));
  };
}

/** µs used between two readings (a backend that started in between counts from zero). */
export function usedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}
