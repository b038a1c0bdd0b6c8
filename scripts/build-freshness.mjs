/** Whether `npm start` must (re)build the web app or the server bundle: an mtime walk of their sources. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What every build reads besides its own workspace: the contract it bundles and the installed packages. */
const SHARED_INPUTS = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'tsconfig.base.json'];

/** The builds `npm start` serves, each with its output file and the sources it is made from (from the repo root). */
export const BUILDS = [
  {
    name: 'the web app',
    workspace: '@plaza/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      ...SHARED_INPUTS,
    ],
  },
  {
    name: 'the server',
    workspace: '@plaza/server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/tsup.config.ts', 'apps/server/tsconfig.json', 'apps/server/package.json', ...SHARED_INPUTS],
  },
];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
// Tests sit beside the code but are not part of any build.
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The most recently modified file or folder under `paths` (files or folders; missing ones are skipped).
 * Folders count too: deleting a source file changes only its folder's time.
 * @param {string[]} paths
 * @returns {{ file: string; mtimeMs: number } | null}
 */
export function newestSource(paths) {
  /** @type {{ file: string; mtimeMs: number } | null} */
  let newest = null;
  const visit = (file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (!newest || stat.mtimeMs > newest.mtimeMs) newest = { file, mtimeMs: stat.mtimeMs };
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(file, { withFileTypes: true })) {
      if (entry.isDirectory() ? SKIPPED_DIRS.has(entry.name) : isTestFile(entry.name)) continue;
      visit(path.join(file, entry.name));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * Why `output` has to be built from `inputs`, or null when it is newer than every one of them.
 * @param {string} output
 * @param {string[]} inputs
 * @returns {string | null}
 */
export function staleReason(output, inputs) {
  let builtAt;
  try {
    builtAt = statSync(output).mtimeMs;
  } catch {
    return 'it has not been built yet';
  }
  const newest = newestSource(inputs);
  return newest && newest.mtimeMs > builtAt ? `${newest.file} changed since the last build` : null;
}
