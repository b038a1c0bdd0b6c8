#!/usr/bin/env node
// `npm start`: builds whatever is missing (web app, server bundle), then serves everything on PORT (default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const r = spawnSync('npm', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || process.env.PLAZA_REBUILD === '1') {
  console.log('Building the web app (first start only)…');
  run(['run', 'build', '-w', '@plaza/web']);
}
if (!existsSync('apps/server/dist/main.js') || process.env.PLAZA_REBUILD === '1') {
  console.log('Building the server (first start only)…');
  run(['run', 'build', '-w', '@plaza/server']);
}

process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
