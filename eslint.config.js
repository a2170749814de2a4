import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** Entries of no-restricted-imports that hold for every console file. */
const consoleEverywhere = {
  patterns: [
    {
      group: ['**/apps/server/**', '@lanebook/server', '**/apps/widget/**', '@lanebook/widget'],
      message: 'Apps never import each other: share code through packages/core.',
    },
  ],
  paths: [
    {
      name: '@lanebook/core',
      message: "Import core by subpath (e.g. '@lanebook/core/format'): the barrel would put zod and every schema in the page's chunk.",
    },
    {
      name: 'zod',
      message: "Import z from '@lanebook/core/zod': it keeps zod from probing for eval, which the console's CSP forbids.",
    },
  ],
};
const consoleImports = (...patterns) => [
  'error',
  { paths: consoleEverywhere.paths, patterns: [...consoleEverywhere.patterns, ...patterns] },
];

/** Only a feature's api/ files (and lib/, the collection machinery, the session) call the API client. */
const noHttp = {
  group: ['**/lib/api', '**/lib/api.ts'],
  importNames: ['http'],
  message: "Components and pages never call http: use the feature's api/ functions and query options (features/<feature>/api/).",
};
const noFeatures = {
  group: ['**/features', '**/features/**'],
  message: 'components/ and lib/ never import a feature: move what is shared into components/ or lib/.',
};
const noApp = {
  group: ['**/app', '**/app/**'],
  message: 'components/ and lib/ never import app/: read the session with useSession from lib/session.',
};

/** The console's features, one folder each; a feature never imports another. */
const consoleFeatures = fs
  .readdirSync(path.join(repoRoot, 'apps/console/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeatures = (feature) => ({
  group: [
    '**/features/**',
    ...consoleFeatures
      .filter((other) => other !== feature)
      .flatMap((other) => ['..', '../..', '../../..'].flatMap((up) => [`${up}/${other}`, `${up}/${other}/**`])),
  ],
  message: 'A feature never imports another feature: move what they share into components/ or lib/ (or app/ for the session).',
});

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
  // Console boundaries. One rule, no-restricted-imports, whose options a later block replaces
  // whole: consoleImports() repeats the console-wide entries in every block.
  { files: ['apps/console/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': consoleImports(noHttp) } },
  // Where http may be imported: a feature's api/ files, lib/, the collection machinery, the session.
  { files: ['apps/console/src/app/session.tsx'], rules: { 'no-restricted-imports': consoleImports() } },
  { files: ['apps/console/src/components/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': consoleImports(noHttp, noFeatures, noApp) } },
  {
    files: ['apps/console/src/components/collection/queries.ts', 'apps/console/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': consoleImports(noFeatures, noApp) },
  },
  ...consoleFeatures.flatMap((feature) => [
    {
      files: [`apps/console/src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': consoleImports(noHttp, otherFeatures(feature)) },
    },
    {
      files: [`apps/console/src/features/${feature}/api/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': consoleImports(otherFeatures(feature)) },
    },
  ]),
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
