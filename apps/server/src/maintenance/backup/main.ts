/** `npm run backup [folder]` and `npm run restore <backup folder>`: see backup.ts and restore.ts. */
import path from 'node:path';
import { adminEnvironment } from '../../admin/database-path';
import { loadConfig } from '../../config';
import { runBackup, type CommandResult } from './backup';
import { runRestore } from './restore';

/**
 * The configuration of the instance the server would run with. These commands sign nothing: a stand-in
 * secret keeps loadConfig from generating one in DATA_DIR when JWT_SECRET is unset.
 */
const configOf = (env: NodeJS.ProcessEnv) => loadConfig({ ...env, JWT_SECRET: env.JWT_SECRET ?? 'unused-by-backup-and-restore-000000' });

const USAGE = [
  'Usage:',
  '  npm run backup [folder]            (default: plaza-backups beside DATA_DIR)',
  '  npm run restore <backup folder>',
];

async function main(verb: string | undefined, args: string[]): Promise<CommandResult> {
  if (verb === 'backup' && args.length <= 1) {
    const found = adminEnvironment(process.env, undefined, { example: 'npm run backup' });
    if ('error' in found) return { code: 1, lines: [found.error] };
    return runBackup(configOf(found.env), args[0] ? path.resolve(args[0]) : undefined);
  }
  if (verb === 'restore' && args.length === 1) {
    const found = adminEnvironment(process.env, undefined, { mustExist: false });
    if ('error' in found) return { code: 1, lines: [found.error] };
    return runRestore(path.resolve(args[0]), configOf(found.env));
  }
  return { code: 2, lines: USAGE };
}

const { code, lines } = await main(process.argv[2], process.argv.slice(3));
(code === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
process.exitCode = code;
