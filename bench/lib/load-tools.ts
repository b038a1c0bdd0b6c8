/** Shared by the HTTP benchmarks: numeric options from `--name=` or the environment, and an autocannon run. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(new Error(`autocannon failed: ${err.message}`, { cause: err })) : resolve(JSON.parse(stdout) as CannonResult),
    );
  });
}

/** Logs in through the API and answers the Authorization header value. */
export async function bearerFor(origin: string, identifier: string, password: string): Promise<string> {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return `Bearer ${accessToken}`;
}

export interface CannonRequest {
  path: string;
  headers: Record<string, string>;
}

/** Like `cannon`, but every connection cycles through `requests` (say, one per reader, each with its own token). */
export function cannonRequests(
  origin: string,
  requests: CannonRequest[],
  opts: { connections: number; duration: number },
): Promise<CannonResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-cannon-'));
  const specFile = path.join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify({ url: origin, requests, ...opts }));
  const child = new URL('./cannon-child.mjs', import.meta.url).pathname;
  return new Promise<CannonResult>((resolve, reject) => {
    execFile(process.execPath, [child, specFile], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(new Error(`autocannon failed: ${err.message}`, { cause: err })) : resolve(JSON.parse(stdout) as CannonResult),
    );
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}
