// The Node version Plaza is decided on (.nvmrc, the root `engines`) is one every installed package accepts:
// `npm install` on it prints no EBADENGINE warning.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

const parse = (v) => {
  const [major = 0, minor = 0, patch = 0] = v
    .replace(/^v/, '')
    .split('.')
    .map((n) => (n === 'x' || n === '*' ? NaN : Number(n)));
  return [major, minor, patch];
};
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies one comparator of a node-semver range (the forms package.json files use). */
function admits(comparator, version) {
  if (comparator === '' || comparator === '*' || comparator === 'x') return true;
  const [, op = '', raw] = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(comparator);
  const wanted = parse(raw);
  const parts = raw.split('.').length;
  const wild = wanted.findIndex((n) => Number.isNaN(n));
  if (op === '' && (wild >= 0 || parts < 3)) {
    const fixed = wild >= 0 ? wild : parts;
    return wanted.slice(0, fixed).every((n, i) => n === version[i]);
  }
  const base = wanted.map((n) => (Number.isNaN(n) ? 0 : n));
  const c = compare(version, base);
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  if (op === '^') return c >= 0 && (base[0] > 0 ? version[0] === base[0] : version[1] === base[1]);
  if (op === '~') return c >= 0 && version[0] === base[0] && version[1] === base[1];
  return c === 0;
}

function satisfies(range, version) {
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => admits(comparator, version)),
  );
}

test('the range reader reads ranges as npm does', () => {
  assert.ok(satisfies('>=20.19', parse('20.19.0')));
  assert.ok(!satisfies('>=22', parse('20.20.2')));
  assert.ok(satisfies('^20.19.0 || >=22.12.0', parse('20.20.0')));
  assert.ok(!satisfies('^18.18.0 || ^20.9.0 || >=21.1.0', parse('19.0.0')));
  assert.ok(satisfies('18.x || 20.x', parse('20.1.0')));
  assert.ok(satisfies('>= 14', parse('20.0.0')));
});

test('.nvmrc, the root engines and every package agree on the Node version', () => {
  const nvmrc = read('.nvmrc').trim();
  const engines = JSON.parse(read('package.json')).engines.node;
  const lowest = parse(engines.replace(/^>=\s*/, ''));
  assert.equal(lowest[0], Number(nvmrc.split('.')[0]), `.nvmrc (${nvmrc}) is the major version engines starts at (${engines})`);
  const lock = JSON.parse(read('package-lock.json'));
  const refusing = Object.entries(lock.packages)
    .filter(([, p]) => typeof p.engines?.node === 'string' && !satisfies(p.engines.node, lowest))
    .map(([name, p]) => `${name}@${p.version} wants node ${p.engines.node}`);
  assert.deepEqual(refusing, []);
});
