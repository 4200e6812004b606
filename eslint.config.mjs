// Lint, including the layering rules: renderer → app → shared, main → shared.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const restrict = (paths, patterns, message) => ({
  'no-restricted-imports': [
    'error',
    { paths: [...new Set(paths)].map((name) => ({ name, message })), patterns: patterns.length ? [{ group: patterns, message }] : [] },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/.artifacts/**', 'wasm/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts', 'app/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict(
        ['electron', 'react', 'react-dom', 'fs', ...nodeBuiltins],
        ['electron', 'electron/*', 'react', 'react/*', 'react-dom', 'react-dom/*', '@react-three/*', '**/renderer/**', '**/main/**'],
        'shared/ and app/ stay free of Electron, React and Node built-ins (DEVELOPERS.md: dependencies point inward).',
      ),
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      ['electron', 'react', 'react-dom', 'fs', 'zustand', 'zustand/vanilla', ...nodeBuiltins],
      [
        'electron',
        'electron/*',
        'react',
        'react/*',
        'react-dom',
        'react-dom/*',
        '@react-three/*',
        '**/renderer/**',
        '**/main/**',
        '**/app/**',
        'three',
        'three/*',
      ],
      'shared/ is pure: no DOM, Node, Electron, React or app/ (DEVELOPERS.md).',
    ),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: restrict(
      ['electron', 'fs', ...nodeBuiltins],
      ['electron', 'electron/*', '**/main/**'],
      'The renderer never touches Node or main/: it talks to the platform through window.faultline (the preload API).',
    ),
  },
  {
    files: ['main/**/*.ts'],
    rules: restrict([], ['**/renderer/**', '**/app/**', 'react', 'react-dom'], 'main/ depends on shared/ only.'),
  },
  {
    // No import cycles: a module's dependencies load before it, and each folder stays layered. This rule
    // skips type-only imports: scripts/import-cycles.mjs (run by npm run lint) sees those too.
    files: ['shared/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'main/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
