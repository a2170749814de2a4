import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/.artifacts/**', 'bench/.data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Boundaries: modules reach the database only through what the platform hands them.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/client', '**/db/client.js'],
              allowTypeImports: true,
              message:
                'Modules never open the raw database client: use the db handed to the module (deps) and the venue from request context.',
            },
            {
              group: ['pg', '@electric-sql/pglite', '@electric-sql/pglite/*', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres'],
              message: 'Modules do not talk to a database driver directly.',
            },
            { group: ['**/apps/console/**', '@lanebook/console', '**/apps/widget/**'], message: 'Apps never import each other.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/console/**', '@lanebook/console', '**/apps/widget/**', '@lanebook/widget'],
              message: 'Apps never import each other.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@lanebook/server', '**/apps/widget/**', '@lanebook/widget'],
              message: 'Apps never import each other: share code through packages/core.',
            },
          ],
          paths: [
            {
              name: '@lanebook/core',
              message:
                "Import core by subpath (e.g. '@lanebook/core/format'): the barrel would put zod and every schema in the page's chunk.",
            },
            {
              name: 'zod',
              message: "Import z from '@lanebook/core/zod': it keeps zod from probing for eval, which the console's CSP forbids.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '@lanebook/server', '@lanebook/console'], message: 'packages/core is pure and imports no app.' },
          ],
        },
      ],
    },
  },
);
