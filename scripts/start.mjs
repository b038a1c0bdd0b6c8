#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when missing or older than their sources (say,
// after a `git pull`), then serves everything on PORT (default 3000) in a Node process with the flags
// computed for this host (node-flags.mjs). PLAZA_REBUILD=1 always builds.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILDS, staleReason } from './build-freshness.mjs';
import { serve } from './node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

const nodeMajor = Number(readFileSync('.nvmrc', 'utf8'));
if (Number(process.versions.node.split('.')[0]) < nodeMajor) {
  console.warn(`Plaza runs on Node ${nodeMajor}, this is ${process.version}: \`. scripts/use-node.sh\` gives it (README).`);
}

for (const build of BUILDS) {
  const reason = process.env.PLAZA_REBUILD === '1' ? 'PLAZA_REBUILD=1' : staleReason(build.output, build.inputs);
  if (!reason) continue;
  console.log(`Building ${build.name} (${reason})…`);
  const r = spawnSync('npm', ['run', 'build', '-w', build.workspace], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
serve('apps/server/dist/main.js');
