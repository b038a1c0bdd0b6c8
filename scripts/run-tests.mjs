#!/usr/bin/env node
// `npm test`: every suite in turn (the scripts', the contract's, the server's, the web app's), stopping at
// the first that fails, as `a && b` would; prints how long each took and the total, and exits with the
// failing suite's code.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

const STEPS = [
  ['scripts', 'npm', ['run', 'test:scripts']],
  ['contract', 'npm', ['run', 'test', '-w', '@plaza/contract']],
  ['server', 'npm', ['run', 'test', '-w', '@plaza/server']],
  ['web', 'npm', ['run', 'test', '-w', '@plaza/web']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const times = [];
let failed = null;
for (const [name, command, args] of STEPS) {
  const t0 = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit' });
  times.push(`${name} ${seconds(Date.now() - t0)}`);
  if (r.status !== 0) {
    failed = { name, code: r.status ?? 1 };
    break;
  }
}
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(
  `\nnpm test ${failed ? `FAILED in ${failed.name}` : 'passed'}: ${seconds(Date.now() - started)} (${times.join(', ')}; ${os.availableParallelism()} cores, load average ${load})`,
);
process.exit(failed ? failed.code : 0);
