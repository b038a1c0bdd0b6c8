import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../index';
import { migrations } from './index';

describe('migrations that landed after a higher-numbered one', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are still applied to an install that already ran the outbox migration', async () => {
    const { db } = createDb({ kind: 'sqlite', file: path.join(dir, 'plaza.sqlite') });
    try {
      const before = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name !== '0040-post-edits' && name !== '0041-story-posters'),
      );
      const old = new Migrator({ db, provider: { getMigrations: async () => before } });
      expect((await old.migrateToLatest()).error).toBeUndefined();

      await migrateToLatest(db);

      const columns = async (table: string) =>
        (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
      expect(await columns('posts')).toContain('edited_at');
      expect(await columns('stories')).toContain('poster_url');
    } finally {
      await db.destroy();
    }
  });
});
