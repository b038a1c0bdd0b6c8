#!/usr/bin/env node
// `npm run lint:long` (and `npm run lint`): no function in the apps' and the contract's sources runs over 80
// lines (blank and comment lines aside) unless a comment above it says why, on a line starting `// Long:`
// (or a JSDoc line starting `Long:`). The comment may sit above the function or above the statement that
// holds it (the `export const x = api.injectEndpoints(...)` around an endpoints builder, say), never further
// out: a long function inside another one needs its own reason. ESLint's own `max-lines-per-function`
// counts the lines; files are only parsed, without types, so the whole check takes seconds. Exits 1 listing
// each long function without its reason. Folders or files given as arguments narrow the check to them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
export const MAX_LINES = 80;

/** Whether a comment gives a reason: `// Long: …`, or a line of a block comment starting `Long: …`. */
const givesReason = (comment) => comment.value.split('\n').some((line) => /^[\s*]*Long:/.test(line));

/** Where the search for a reason stops climbing: the statement that holds the function, in its block or module. */
const isStatement = (node) => ['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase', 'TSModuleBlock'].includes(node.parent?.type);

const coreRule = builtinRules.get('max-lines-per-function');

/** The core rule, its reports dropped where a comment above the function (or above its statement) gives a reason. */
export const longFunctionRule = {
  meta: coreRule.meta,
  create(context) {
    const { sourceCode } = context;
    const reasoned = (node) => {
      for (let at = node; at && at.type !== 'Program'; at = at.parent) {
        if (sourceCode.getCommentsBefore(at).some(givesReason)) return true;
        if (isStatement(at)) break;
      }
      return false;
    };
    const filtered = Object.create(context, {
      report: { value: (descriptor) => (reasoned(descriptor.node) ? undefined : context.report(descriptor)) },
    });
    return coreRule.create(filtered);
  },
};

/** The flat config of the check alone: TypeScript's parser without types, and the one rule. */
export const longFunctionConfig = [
  { ignores: ['**/*.test.{ts,tsx}', '**/dist/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { plaza: { rules: { 'long-functions': longFunctionRule } } },
    rules: {
      'plaza/long-functions': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
];

/** Each long function without its reason in `targets` (folders or files from the root), as `file:line: message`. */
export async function unreasonedLongFunctions(targets = SOURCES) {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: longFunctionConfig });
  const results = await eslint.lintFiles(targets.map((t) => (/\.tsx?$/.test(t) ? t : `${t}/**/*.{ts,tsx}`)));
  const problems = [];
  for (const result of results) {
    const file = path.relative(ROOT, result.filePath);
    for (const message of result.messages) problems.push(`${file}:${message.line}: ${message.message}`);
  }
  return { problems, files: results.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const { problems, files } = await unreasonedLongFunctions(targets.length ? targets : SOURCES);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} function(s) over ${MAX_LINES} lines with no reason above them: split each along its` +
        ` seams, or write one line of why above it, starting "// Long:".`,
    );
    process.exit(1);
  }
  console.log(`No function over ${MAX_LINES} lines without its reason (${files} files).`);
}
