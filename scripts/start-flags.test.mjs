/** Both ways to start the server give Node the same flags (node --test scripts/). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const flagsOf = (pkg) =>
  JSON.parse(readFileSync(path.join(root, pkg), 'utf8'))
    .scripts.start.split(/\s+/)
    .filter((word) => word.startsWith('--'));

it("the server package's start script runs Node as `npm start` does", () => {
  const flags = flagsOf('package.json');
  assert.ok(flags.length > 0, 'npm start passes Node its flags');
  assert.deepEqual(flagsOf('apps/server/package.json'), flags);
});
