/** `npm run admin -- grant|revoke|verify …`: see command.ts. */
import { loadConfig } from '../config';
import { runAdminCommand } from './command';
import { adminEnvironment } from './database-path';

const found = adminEnvironment(process.env);
if ('error' in found) {
  process.stderr.write(`${found.error}\n`);
  process.exitCode = 1;
} else {
  const { code, lines } = await runAdminCommand(process.argv.slice(2), loadConfig(found.env));
  (code === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
  process.exitCode = code;
}
