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
    // TODO(web data layer): raise to error
    ...typeAwareRulesAt('warn'),
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
);
