/** The Node flags of `npm start` fit the host, and both start scripts run the server with them (npm run test:scripts). */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { nodeFlags } from './node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const GiB = 1024 ** 3;
const host = (cores, memoryGiB = 8, nodeOptions = '') => nodeFlags({ cores, memoryBytes: memoryGiB * GiB, nodeOptions });

it('gives V8 a helper thread for each core, up to Node’s four', () => {
  const pool = (cores) => host(cores).find((f) => f.startsWith('--v8-pool-size='));
  assert.equal(pool(1), '--v8-pool-size=1');
  assert.equal(pool(2), '--v8-pool-size=2');
  assert.equal(pool(3), '--v8-pool-size=3');
  assert.equal(pool(4), '--v8-pool-size=4');
  assert.equal(pool(8), '--v8-pool-size=4');
  assert.equal(pool(64), '--v8-pool-size=4');
});

it('doubles the young generation where memory allows, and keeps V8’s default below 2 GiB', () => {
  assert.deepEqual(host(2, 8), ['--v8-pool-size=2', '--max-semi-space-size=32']);
  assert.deepEqual(host(2, 2), ['--v8-pool-size=2', '--max-semi-space-size=32']);
  assert.deepEqual(host(2, 1), ['--v8-pool-size=2']);
});

it('leaves a flag the operator gives in NODE_OPTIONS to them', () => {
  assert.deepEqual(host(8, 8, '--v8-pool-size=6'), ['--max-semi-space-size=32']);
  assert.deepEqual(host(8, 8, '--enable-source-maps --max_semi_space_size=64'), ['--v8-pool-size=4']);
});

it('both start scripts run the server through the launcher, with no flags of their own', () => {
  const start = (pkg) => JSON.parse(readFileSync(path.join(root, pkg), 'utf8')).scripts.start;
  assert.equal(start('package.json'), 'node scripts/start.mjs');
  assert.equal(start('apps/server/package.json'), 'node ../../scripts/serve.mjs dist/main.js');
});

it('the launcher runs the server with the host’s flags, hands it a stop signal and ends with its exit code', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-serve-'));
  try {
    const entry = path.join(dir, 'main.mjs');
    // A stand-in server: prints its flags, and exits 7 on SIGTERM.
    writeFileSync(
      entry,
      "process.on('SIGTERM', () => process.exit(7)); console.log(JSON.stringify(process.execArgv)); setInterval(() => {}, 1000);",
    );
    const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), entry], {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk))));
    assert.deepEqual(JSON.parse(line), nodeFlags({ nodeOptions: '' }));
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 7);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
