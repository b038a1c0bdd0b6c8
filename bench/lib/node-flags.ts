/**
 * The Node flags a benchmark starts a server with: those `npm start` gives it (the root package.json's
 * start script), so the server is measured as it is served, and a baseline server gets the same.
 * SERVER_NODE_ARGS ('--flag …', or '' for none) replaces them for an A/B.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function serverNodeFlags(): string[] {
  const asked = process.env.SERVER_NODE_ARGS;
  if (asked !== undefined) return asked.split(' ').filter(Boolean);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
