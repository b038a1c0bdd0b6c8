/** ESLint for the whole repository: type-aware typescript-eslint everywhere, React hooks rules in the web app. */
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ignores = {
  name: 'plaza/ignores',
  ignores: [
    '**/dist/**',
    '**/node_modules/**',
    'e2e/test-results/**',
    'e2e/playwright-report/**',
    'e2e/artifacts/**',
    'data/**',
    '**/*.local.*',
  ],
};

/** Every TypeScript file belongs to a workspace's tsconfig, which gives the type-aware rules their types. */
const typeAware = {
  name: 'plaza/type-aware',
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
};

/** Plain JavaScript (this file, `scripts/`, a bench child process) has no types to lint against. */
const plainJavaScript = {
  name: 'plaza/plain-javascript',
  files: ['**/*.{js,mjs,cjs}'],
  ...tseslint.configs.disableTypeChecked,
  languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
};

const house = {
  name: 'plaza/house-rules',
  rules: {
    '@typescript-eslint/no-unused-vars': [
      'error',
      { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
    ],
    '@typescript-eslint/no-explicit-any': 'error',
    // An `async` function without `await` is how this code base keeps one promise-returning shape across
    // implementations (Fastify plugins, the in-memory twins of the Redis-backed stores): not a bug.
    '@typescript-eslint/require-await': 'off',
  },
};

/** The type-aware rules this config keeps on, each at `level` (for a block that must only report them). */
const typeAwareRulesAt = (level) =>
  Object.fromEntries(
    tseslint.configs.recommendedTypeCheckedOnly
      .flatMap((config) => Object.entries(config.rules ?? {}))
      .filter(([name, setting]) => name.startsWith('@typescript-eslint/') && setting !== 'off')
      .filter(([name]) => house.rules[name] !== 'off')
      .map(([name]) => [name, level]),
  );

const web = {
  name: 'plaza/web',
  files: ['apps/web/**/*.{ts,tsx}'],
  plugins: { 'react-hooks': reactHooks },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'error',
    ...typeAwareRulesAt('error'),
  },
};

export default tseslint.config(
  ignores,
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  typeAware,
  plainJavaScript,
  house,
  web,
  ...boundaryConfigs(),
);

/*
 * Feature boundaries (docs/decisions/server-boundaries.md). A feature is a folder under a features root;
 * its files may import another feature only through that feature's `index.ts`, its public API. Tests and
 * a feature's `testing.ts` may also use another feature's `testing.ts` (its helpers for tests). Core
 * `no-restricted-imports` does it with one config object per folder depth, since whether `../x/y` leaves
 * the feature depends on how deep the importing file sits. The exceptions, kept short: the demo seed
 * (apps/server/src/seed) writes every feature's rows in bulk, so it may reach into their repos; the
 * benchmarks' one door into the server (apps/server/src/for-benchmarks.ts) times parts of features alone; the web
 * app's store (apps/web/src/app/reducers.ts) takes each slice by file, so that no page joins the first chunk.
 * (Declared as functions, so the config list above can use them before this point of the file.)
 */
function boundaryConfigs() {
  return [
    ...featureBoundaries({
      root: 'apps/server/src/modules',
      ext: 'ts',
      others: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
      except: ['apps/server/src/seed/**', 'apps/server/src/for-benchmarks.ts'],
    }),
    ...featureBoundaries({
      root: 'apps/web/src/features',
      ext: '{ts,tsx}',
      others: ['apps/web/src/**/*.{ts,tsx}'],
      // The people features' tests share one kit (connections/testing.ts: users, a signed-in store, a fake server).
      testHelpers: ['testing'],
      // The store is built at start, before any page loads; the features' index files also export their
      // screens, which must stay in their own lazily loaded chunks, so the slices are imported by file.
      // main.tsx takes the light public screens and the theme by file: an index would pull the store
      // and the router into the first load of the login page.
      except: ['apps/web/src/app/reducers.ts', 'apps/web/src/main.tsx'],
    }),
    // The benchmarks reach the server's code only through its one door for them.
    {
      files: ['bench/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: 'apps/server/src/(?!for-benchmarks$)',
                message: 'Benchmarks import the server only through apps/server/src/for-benchmarks.ts.',
              },
            ],
          },
        ],
      },
    },
  ];
}

/** Paths a group of files may not import, each a regular expression over the import's source. */
function restrictImports(files, regexes, ignores = []) {
  const message = 'Import another feature only through its index.ts (tests: or its testing.ts). See docs/decisions/server-boundaries.md.';
  return {
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] },
  };
}

/**
 * `root` holds one folder per feature; `others` are globs of the code beside the features (which may
 * also use them only through their entry), `except` globs of files left out, `testHelpers` the names
 * of a feature's files of helpers for tests, which tests elsewhere may import.
 */
function featureBoundaries({ root, ext, others = [], except = [], testHelpers = ['testing'], maxDepth = 4 }) {
  const rootName = root.split('/').pop();
  const tests = [`*.test.${ext}`, ...testHelpers.map((name) => `${name}.${ext}`)];
  const testGlobs = tests.map((t) => `**/${t}`);
  const entry = 'index';
  const testEntry = `(?:index|${testHelpers.join('|')})`;
  /** From a file `depth` folders inside a feature: `../` out of it, into another feature, past its entry. */
  const sideways = (depth, allowed) => `^(?:\\.\\./){${depth + 1}}[^./][^/]*/(?!${allowed}$)`;
  /** From anywhere: down through the root's folder into a feature, past its entry. */
  const through = (allowed) => `(?:^|/)${rootName}/[^./][^/]*/(?!${allowed}$)`;
  const configs = [];
  for (let depth = 0; depth <= maxDepth; depth++) {
    const dir = `${root}/*/${'*/'.repeat(depth)}`;
    configs.push(restrictImports([`${dir}*.${ext}`], [sideways(depth, entry), through(entry)], testGlobs));
    configs.push(
      restrictImports(
        tests.map((t) => `${dir}${t}`),
        [sideways(depth, testEntry), through(testEntry)],
      ),
    );
  }
  // The root's own index builds the features: `./x/…` from there is inside feature x.
  configs.push(restrictImports([`${root}/index.${ext}`], [`^\\./[^./][^/]*/(?!${entry}$)`]));
  if (others.length) {
    const ignores = [`${root}/**`, ...except];
    configs.push(restrictImports(others, [through(entry)], [...ignores, ...testGlobs]));
    const otherTests = others.flatMap((o) => tests.map((t) => o.replace(/[^/]*$/, t)));
    configs.push(restrictImports(otherTests, [through(testEntry)], ignores));
  }
  return configs;
}
