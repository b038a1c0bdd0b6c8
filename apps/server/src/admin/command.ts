/**
 * The operator's command line: `grant <userName> [moderator|admin]` (admin when no role is given: the
 * person running it is usually the operator making themselves one), `revoke <userName>`, and
 * `verify <userName>` (confirms an address by hand, for a server that cannot send mail), on the database
 * of DATA_DIR / DATABASE_URL. It answers its lines and an exit code rather than printing, so tests run it
 * as it is. A running server hears each change through the outbox and tells the person's open sessions.
 */
import { ROLES, type Role } from '@plaza/contract';
import pino from 'pino';
import type { Config } from '../config';
import { createDb, migrateToLatest } from '../db';
import { HttpError, NotFoundError } from '../lib/errors';
import { EventBus } from '../lib/events';
import { confirmEmail, setRole } from '../modules/moderation';
import { userRepo } from '../modules/users';
import { createOutbox } from '../outbox/outbox';

const USAGE = [
  'Usage:',
  '  npm run admin -- grant <userName> [moderator|admin]   (admin if no role is given)',
  '  npm run admin -- revoke <userName>                     (back to member)',
  '  npm run admin -- verify <userName>                     (confirm their email address)',
];

export interface CommandResult {
  code: number;
  lines: string[];
}

type Wanted = { verb: 'role'; userName: string; role: Role } | { verb: 'verify'; userName: string };

function parse(args: readonly string[]): Wanted | null {
  const [verb, userName, role, ...extra] = args;
  if (!userName || extra.length) return null;
  if (verb === 'verify' && role === undefined) return { verb: 'verify', userName };
  if (verb === 'revoke' && role === undefined) return { verb: 'role', userName, role: 'member' };
  if (verb !== 'grant') return null;
  const granted = role ?? 'admin';
  return granted !== 'member' && (ROLES as readonly string[]).includes(granted) ? { verb: 'role', userName, role: granted as Role } : null;
}

export async function runAdminCommand(args: readonly string[], config: Pick<Config, 'database'>): Promise<CommandResult> {
  const wanted = parse(args);
  if (!wanted) return { code: 2, lines: USAGE };
  const { db, dialect } = createDb(config.database);
  const log = pino({ level: 'silent' });
  const events = new EventBus(log);
  // Only records: the events wait in the outbox for a server's poller, due at once (no lease of ours).
  createOutbox({ db, dialect, events, log }, { pollMs: 60_000, leaseMs: 0, dispatch: false });
  try {
    await migrateToLatest(db);
    if (wanted.verb === 'role') {
      const { userName, previous } = await setRole(db, events, wanted.userName, wanted.role);
      return { code: 0, lines: [`${userName} is now ${wanted.role} (was ${previous}).`] };
    }
    const user = await userRepo(db).findByUserName(wanted.userName);
    if (!user || user.deleted_at) throw new NotFoundError(`No user is called "${wanted.userName}".`);
    const changed = await confirmEmail(db, events, user, null);
    return { code: 0, lines: [`${user.user_name}'s address ${user.email} is ${changed ? 'now' : 'already'} confirmed.`] };
  } catch (err) {
    if (err instanceof HttpError) return { code: 1, lines: [err.message] };
    throw err;
  } finally {
    await db.destroy();
  }
}
