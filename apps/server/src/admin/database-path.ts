/**
 * Which database the admin command works on: the one `npm start` uses with the same variables. The
 * start script runs from the repository's root (scripts/start.mjs), so a relative DATA_DIR (the default
 * `./data` too) is taken from there, wherever the command is typed. A SQLite file that is not there is an
 * error, never created: an empty database would only answer "No user is called …".
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function adminEnvironment(
  env: NodeJS.ProcessEnv,
  root: string = REPOSITORY_ROOT,
  /** `mustExist` false for a command that makes the database (a restore); `example`: the command, as the error shows it. */
  { mustExist = true, example = 'npm run admin -- grant <userName>' }: { mustExist?: boolean; example?: string } = {},
): { env: NodeJS.ProcessEnv } | { error: string } {
  const dataDir = path.resolve(root, env.DATA_DIR ?? './data');
  const resolved = { ...env, DATA_DIR: dataDir };
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { env: resolved };
  const file = url ? path.resolve(root, url.replace(/^sqlite:(\/\/)?/, '')) : path.join(dataDir, 'plaza.sqlite');
  if (mustExist && !existsSync(file)) {
    return {
      error: [
        `No Plaza database at ${file}.`,
        'Start Plaza once first (npm start), or give this command the DATA_DIR or DATABASE_URL the server runs with,',
        `e.g. DATA_DIR=/srv/plaza ${example}.`,
      ].join('\n'),
    };
  }
  return { env: url ? { ...resolved, DATABASE_URL: `sqlite:${file}` } : resolved };
}
