/** `npm run admin -- grant|revoke …`: see command.ts. */
import { loadConfig } from '../config';
import { runAdminCommand } from './command';

const { code, lines } = await runAdminCommand(process.argv.slice(2), loadConfig());
(code === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
process.exitCode = code;
