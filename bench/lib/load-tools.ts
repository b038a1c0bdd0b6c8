/** Shared by the HTTP benchmarks: numeric options from `--name=` or the environment, and an autocannon run. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

export function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.split('=')[1] : process.env[name.toUpperCase()];
  const n = Number(raw);
  return raw !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
}

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Runs the autocannon CLI in its own process (so it does not share the server's event loop) and returns its JSON summary. */
export function cannon(url: string, opts: { authorization: string; connections: number; duration: number }): Promise<CannonResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon');
  const args = [cli, '-c', String(opts.connections), '-d', String(opts.duration), '-j', '-H', `authorization=${opts.authorization}`, url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as CannonResult)));
  });
}
