/** Small measuring helpers shared by the chat benchmark's processes. */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

/** Resident memory of a process in bytes, from /proc/<pid>/status. */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A clock that agrees across processes on one machine, with sub-millisecond resolution. */
export const now = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat; with
 * `thread`, that one thread's (the main thread's id is the process id).
 */
export function cpuMsOf(pid: number, thread?: number): number {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** With HEAP_DIR set, a heap snapshot of this process there as `<name>-<sockets>.heapsnapshot` (heap-summary.ts compares two). */
export function heapSnapshotIfAsked(name: string, sockets: number): void {
  const dir = process.env.HEAP_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeHeapSnapshot(path.join(dir, `${name}-${sockets}.heapsnapshot`));
}
