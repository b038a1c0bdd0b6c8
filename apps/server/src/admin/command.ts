/**
 * The operator's command line for roles: `grant <userName> [moderator|admin]` (admin when no role is
 * given: the person running it is usually the operator making themselves one) and `revoke <userName>`,
 * on the database of DATA_DIR / DATABASE_URL. It answers its lines and an exit code rather than printing,
 * so tests run it as it is.
 */
import { ROLES, type Role } from '@plaza/contract';
import type { Config } from '../config';
import { createDb, migrateToLatest } from '../db';
import { HttpError } from '../lib/errors';
import { setRole } from '../modules/moderation';

const USAGE = [
  'Usage:',
  '  npm run admin -- grant <userName> [moderator|admin]   (admin if no role is given)',
  '  npm run admin -- revoke <userName>                     (back to member)',
];

export interface CommandResult {
  code: number;
  lines: string[];
}

function parse(args: readonly string[]): { userName: string; role: Role } | null {
  const [verb, userName, role, ...extra] = args;
  if (!userName || extra.length) return null;
  if (verb === 'revoke' && role === undefined) return { userName, role: 'member' };
  if (verb !== 'grant') return null;
  const granted = role ?? 'admin';
  return granted !== 'member' && (ROLES as readonly string[]).includes(granted) ? { userName, role: granted as Role } : null;
}

export async function runAdminCommand(args: readonly string[], config: Pick<Config, 'database'>): Promise<CommandResult> {
  const wanted = parse(args);
  if (!wanted) return { code: 2, lines: USAGE };
  const { db } = createDb(config.database);
  try {
    await migrateToLatest(db);
    const { userName, previous } = await setRole(db, wanted.userName, wanted.role);
    return { code: 0, lines: [`${userName} is now ${wanted.role} (was ${previous}).`] };
  } catch (err) {
    if (err instanceof HttpError) return { code: 1, lines: [err.message] };
    throw err;
  } finally {
    await db.destroy();
  }
}
