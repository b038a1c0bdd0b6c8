import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { adminEnvironment } from './database-path';

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), 'plaza-admin-root-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the admin command's database", () => {
  it("is npm start's: a relative DATA_DIR (the default too) is taken from the repository's root", () => {
    mkdirSync(path.join(root, 'data'), { recursive: true });
    writeFileSync(path.join(root, 'data', 'plaza.sqlite'), '');
    expect(adminEnvironment({}, root)).toEqual({ env: { DATA_DIR: path.join(root, 'data') } });
    mkdirSync(path.join(root, 'elsewhere'));
    writeFileSync(path.join(root, 'elsewhere', 'plaza.sqlite'), '');
    expect(adminEnvironment({ DATA_DIR: 'elsewhere' }, root)).toEqual({ env: { DATA_DIR: path.join(root, 'elsewhere') } });
    expect(adminEnvironment({ DATABASE_URL: 'postgres://db/plaza' }, root)).toMatchObject({ env: { DATABASE_URL: 'postgres://db/plaza' } });
  });

  it('is never created: a missing file is a clear error', () => {
    const found = adminEnvironment({ DATA_DIR: 'missing' }, root);
    expect('error' in found && found.error).toContain(`No Plaza database at ${path.join(root, 'missing', 'plaza.sqlite')}.`);
    expect(existsSync(path.join(root, 'missing'))).toBe(false);
  });

  it('run from another folder without a database, exits 1 with the error and leaves no file behind', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'plaza-admin-empty-'));
    try {
      const main = path.resolve(import.meta.dirname, 'main.ts');
      const failed = await run(process.execPath, ['--import', 'tsx', main, 'grant', 'alice'], {
        // Not the root (tsx must still be found up the tree).
        cwd: import.meta.dirname,
        env: { ...process.env, DATA_DIR: empty },
      }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain(`No Plaza database at ${path.join(empty, 'plaza.sqlite')}.`);
      expect(existsSync(path.join(empty, 'plaza.sqlite'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 20_000);
});
