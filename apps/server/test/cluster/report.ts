/** What the cluster test prints and counts: one line per expectation, the failures, and figures. */

const failures: string[] = [];

/** Records and prints one expectation; the test exits 1 at the end when any failed. */
export function expect(what: string, ok: boolean, detail = ''): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

export const failed = (): readonly string[] => failures;

export const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

/** Median, 95th percentile and maximum of some durations, as one line. */
export function spread(ms: readonly number[]): string {
  if (ms.length === 0) return 'none';
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${Math.round(at(0.5))} ms, p95 ${Math.round(at(0.95))} ms, max ${Math.round(sorted.at(-1)!)} ms`;
}

/** Polls `check` every 100 ms until it holds or `ms` pass; answers whether it held. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
