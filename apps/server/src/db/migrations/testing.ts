/** For migration tests: an empty database of the dialect and a migrator over every migration, cleaned up after the file. */
import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { freshPostgresDatabase } from '../../../test/harness';
import { createDb, type Db } from '../index';
import { migrations } from './index';

export function useEmptyDatabase(dialect: 'sqlite' | 'postgres'): () => Promise<{ db: Db; migrator: Migrator }> {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  return async () => {
    let database: Parameters<typeof createDb>[0];
    if (dialect === 'postgres') {
      const fresh = await freshPostgresDatabase();
      cleanups.push(() => fresh.drop());
      database = { kind: 'postgres', url: fresh.url };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'plaza-migrate-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      database = { kind: 'sqlite', file: path.join(dir, 'plaza.sqlite') };
    }
    const { db } = createDb(database);
    cleanups.push(() => db.destroy());
    return { db, migrator: new Migrator({ db, provider: { getMigrations: async () => migrations } }) };
  };
}
