// The check of long functions (long-functions.mjs): which reasons it takes, and where.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Linter } from 'eslint';
import { longFunctionConfig, MAX_LINES } from './long-functions.mjs';

const linter = new Linter({ configType: 'flat' });
/** The lines where the check reports a long function in `code` (a .ts file). */
const reported = (code) => linter.verify(code, longFunctionConfig, 'src/example.ts').map((m) => `${m.line}: ${m.message}`);

/** `count` short statements: a body over the limit when `count` exceeds it. */
const statements = (count, indent = '  ') => Array.from({ length: count }, (_, i) => `${indent}const v${i} = ${i};`).join('\n');
const long = statements(MAX_LINES + 5);

test('a long function without a reason is reported; a short one is not', () => {
  assert.equal(reported(`export function big() {\n${long}\n}`).length, 1);
  assert.deepEqual(reported(`export function small() {\n${statements(10)}\n}`), []);
});

test('a `// Long:` line or a JSDoc line starting Long: above the function is its reason', () => {
  assert.deepEqual(reported(`// Long: a factory of short methods.\nexport function big() {\n${long}\n}`), []);
  assert.deepEqual(reported(`/**\n * Makes things.\n * Long: a factory of short methods.\n */\nfunction big() {\n${long}\n}`), []);
  assert.equal(reported(`// Makes things, at length.\nexport function big() {\n${long}\n}`).length, 1);
});

test('the reason may sit above the statement that holds the function', () => {
  const entries = Array.from({ length: MAX_LINES + 5 }, (_, i) => `    e${i}: ${i},`).join('\n');
  const code = `export const api = inject({\n  endpoints: (build) => ({\n${entries}\n  }),\n});`;
  assert.equal(reported(code).length, 1);
  assert.deepEqual(reported(`// Long: the endpoints of one API slice.\n${code}`), []);
});

test('a reason covers its own function, not a long one inside it', () => {
  const nested = `// Long: the outer one is a factory.\nexport function outer() {\n  const inner = () => {\n${statements(MAX_LINES + 5, '    ')}\n  };\n  return inner;\n}`;
  assert.deepEqual(
    reported(nested).map((r) => r.split(':')[0]),
    ['3'],
  );
});
