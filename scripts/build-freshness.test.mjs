/** `npm start` rebuilds exactly when a source is newer than the build (npm run test:scripts). */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUILDS, newestSource, staleReason } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('build freshness', () => {
  let dir = '';
  const at = (name) => path.join(dir, name);
  /** Writes `name` (and its folders) with the given time in seconds, folders included. */
  const write = (name, seconds) => {
    mkdirSync(path.dirname(at(name)), { recursive: true });
    writeFileSync(at(name), name);
    utimesSync(at(name), seconds, seconds);
  };
  const setTime = (name, seconds) => utimesSync(at(name), seconds, seconds);

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'plaza-freshness-'));
    write('src/app.ts', 1000);
    write('src/deep/util.ts', 1000);
    write('src/deep/util.test.ts', 1000);
    write('src/node_modules/pkg/index.js', 1000);
    write('package-lock.json', 1000);
    for (const folder of ['src/node_modules/pkg', 'src/node_modules', 'src/deep', 'src']) setTime(folder, 1000);
    write('dist/main.js', 2000);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const inputs = () => [at('src'), at('package-lock.json'), at('missing.json')];

  it('builds when there is no build yet', () => {
    assert.equal(staleReason(at('dist/nothing.js'), inputs()), 'it has not been built yet');
  });

  it('keeps a build newer than every source', () => {
    assert.equal(staleReason(at('dist/main.js'), inputs()), null);
  });

  it('rebuilds when a source file deep in a folder is newer than the build, and says which', () => {
    setTime('src/deep/util.ts', 3000);
    assert.equal(staleReason(at('dist/main.js'), inputs()), `${at('src/deep/util.ts')} changed since the last build`);
    setTime('src/deep/util.ts', 1000);
  });

  it('rebuilds when the lockfile changed (new packages after a pull)', () => {
    setTime('package-lock.json', 3000);
    assert.match(staleReason(at('dist/main.js'), inputs()) ?? '', /package-lock\.json changed/);
    setTime('package-lock.json', 1000);
  });

  it('rebuilds when a source file was deleted (its folder changed)', () => {
    write('src/deep/gone.ts', 1000);
    rmSync(at('src/deep/gone.ts'));
    assert.match(staleReason(at('dist/main.js'), inputs()) ?? '', /src\/deep changed/);
    setTime('src/deep', 1000);
  });

  it('ignores tests and installed packages', () => {
    setTime('src/deep/util.test.ts', 3000);
    setTime('src/node_modules/pkg/index.js', 3000);
    assert.equal(staleReason(at('dist/main.js'), inputs()), null);
    assert.equal(newestSource([at('src')])?.mtimeMs, 1_000_000);
  });

  it("names only sources that exist in this repository, so a moved file can't silently stop triggering builds", () => {
    for (const build of BUILDS) {
      for (const input of build.inputs) assert.ok(existsSync(path.join(root, input)), `${build.name}: ${input} does not exist`);
    }
  });
});
