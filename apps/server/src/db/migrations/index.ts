/** Every migration, registered explicitly in order (a bundled server cannot scan a folder). */
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
};
