import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-ssr/**', 'node_modules/**', '.tsbuild/**', 'data/**', 'public/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Views reach the core only through its one client, src/core (house rule 1).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/workers/core/**'], message: 'Import core types and hooks from src/core.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // frames.ts holds the server's zod schemas; a value import through the protocol index would
      // put zod (~25 KB compressed) on every phone's first load (issue 16). Types are free.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/workers/protocol/index', '**/workers/protocol/frames'],
              allowTypeImports: true,
              message:
                'Import values from the protocol module that defines them (codes, topics, api/…), not the index.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
    rules: {
      // The core never imports views (house rule 1).
      'no-restricted-imports': ['error', { patterns: ['**/src/**', 'react', 'react-dom'] }],
    },
  },
  { files: ['server/**/*.ts', 'scripts/**', 'tests/**', '*.config.*'], languageOptions: { globals: globals.node } },
  {
    // Server integration tests read the real server's JSON answers loosely; the code under test
    // (src, workers, server) is held to typed values.
    files: ['tests/server/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
