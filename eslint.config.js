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
/** no-restricted-imports of the server outside modules/: apps never import each other, plus `patterns`. */
const serverImports = (...patterns) => [
  'error',
  {
    patterns: [
      {
        group: ['**/apps/console/**', '@lanebook/console', '**/apps/widget/**', '@lanebook/widget'],
        message: 'Apps never import each other.',
      },
      ...patterns,
    ],
  },
];
const consoleImports = (...patterns) => [
  'error',
  { paths: consoleEverywhere.paths, patterns: [...consoleEverywhere.patterns, ...patterns] },
];

/**
 * The API is called through `client`, typed by the OpenAPI document (decision 043), from a
 * feature's api/ files. The untyped `http` is left for what the document does not describe:
 * better-auth's /api/auth calls (the auth feature's api/ files, the session) and an image URL the
 * server hands out (lib/api-image.ts).
 */
const noHttp = {
  group: ['**/lib/api', '**/lib/api.ts', './api'],
  importNames: ['http'],
  message:
    "Call the API through client (typed by the OpenAPI document, decision 043) in the feature's api/ files; http is only for better-auth's /api/auth calls.",
};
const noFeatures = {
  group: ['**/features', '**/features/**'],
  message: 'components/ and lib/ never import a feature: move what is shared into components/ or lib/.',
};
/** The shell (app/) sits on top: it imports features, components and lib; none of them imports it back. */
const noApp = {
  group: ['**/app', '**/app/**'],
  message:
    'Only app/ imports app/: move what features, components or lib need into lib/ (or the feature that owns it); read the session with useSession from lib/session.',
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
  message: 'A feature never imports another feature: move what they share into components/ or lib/.',
});

/** The server's modules, one folder each; each owns the tables of its schema.ts. */
const serverModules = fs
  .readdirSync(path.join(repoRoot, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Entries of the modules' import rule that hold for every module file (tests and schema files included). */
const moduleEverywhere = [
  {
    group: ['**/db/client', '**/db/client.js'],
    allowTypeImports: true,
    message: 'Modules never open the raw database client: use the db handed to the module (deps) and the venue from request context.',
  },
  {
    group: ['pg', '@electric-sql/pglite', '@electric-sql/pglite/*', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres'],
    message: 'Modules do not talk to a database driver directly.',
  },
  { group: ['**/apps/console/**', '@lanebook/console', '**/apps/widget/**'], message: 'Apps never import each other.' },
];
/** The aggregate of every table (db/schema.ts): for the client, migrations, the seed and tests only. */
const noSchemaAggregate = {
  group: ['**/db/schema', '**/db/schema.js', '**/db/schema/**'],
  message: "Import your own module's schema.ts; every other table is reached through its owner's exported functions.",
};
/** The schema files of every module but `allowed` (paths as a module file or a platform file writes them). */
const otherSchemas = (allowed, message) => ({
  group: serverModules
    .filter((other) => !allowed.includes(other))
    .flatMap((other) =>
      ['..', '../..', '../../..', '../modules', '../../modules'].flatMap((up) => [`${up}/${other}/schema`, `${up}/${other}/schema.js`]),
    ),
  message,
});
/** Tables a venue owns (a venue_id column), by their names in the modules' schema files. */
const venueOwnedTables = serverModules.flatMap((module) => {
  const file = path.join(repoRoot, 'apps/server/src/modules', module, 'schema.ts');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split(/^export const /m)
    .slice(1)
    .filter((definition) => /= pgTable\(/.test(definition) && /\bowned\(\)|'venue_id'/.test(definition))
    .map((definition) => definition.slice(0, definition.indexOf(' ')));
});
/**
 * Venue-owned tables are queried through forVenue (platform/venue-scope.ts), which supplies the
 * venue to every statement: module code never scopes by hand, nor names such a table in a raw
 * from/insert/update/delete/lockRows. A query across venues says why in an eslint-disable comment.
 */
const forVenueOnly = [
  'error',
  {
    selector: "CallExpression[callee.name='eq'] > MemberExpression.arguments[property.name='venueId']",
    message: 'Scope venue-owned queries with forVenue(tx, venueId) (platform/venue-scope.ts), not eq(table.venueId, ...) by hand.',
  },
  {
    selector: `CallExpression[callee.property.name=/^(from|insert|update|delete)$/][arguments.length=1] > Identifier.arguments[name=/^(${venueOwnedTables.join('|')})$/]`,
    message: 'A venue-owned table is queried through forVenue(tx, venueId) (platform/venue-scope.ts), which supplies venue_id.',
  },
  {
    selector: `CallExpression[callee.name='lockRows'] > Identifier.arguments[name=/^(${venueOwnedTables.join('|')})$/]`,
    message: "Lock a venue-owned table's rows with forVenue(tx, venueId).lock(...) (platform/venue-scope.ts).",
  },
];
const notYourTable =
  "A module reads and writes only its own tables (its schema.ts): call the owning module's exported functions (docs/architecture.md, 'Who owns which table').";
const notPlatformTable =
  'The platform imports only the schema files it reads by design (eslint.config.js lists them); a module owns the rest.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/core/src/api/openapi.ts',
      'data/**',
      'e2e/.artifacts/**',
      'bench/.data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
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
    files: ['apps/console/**/*.{ts,tsx}', 'apps/widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The widget (decision 024): React's API on preact/compat, within its size budget. It takes only
  // types and zod-free modules from core, and neither zod nor the console's libraries.
  {
    files: ['apps/widget/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lanebook/core',
              message: 'Import core by subpath, and only types or zod-free modules (format, availability, price-lines).',
            },
            { name: 'zod', message: 'The widget never loads zod: the server validates.' },
            { name: '@lanebook/core/zod', message: 'The widget never loads zod: the server validates.' },
          ],
          patterns: [
            {
              group: ['**/apps/server/**', '@lanebook/server', '**/apps/console/**', '@lanebook/console'],
              message: 'Apps never import each other: share code through packages/core.',
            },
            {
              group: ['@mantine/*', '@tanstack/*', 'react-router', 'react-hook-form'],
              message: 'Too big for the widget budget (decision 024).',
            },
          ],
        },
      ],
      // Core's schema modules pull zod (and calendar.ts the Temporal polyfill): the widget takes their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@lanebook/core/*',
                '!@lanebook/core/format',
                '!@lanebook/core/signing-form',
                '!@lanebook/core/color',
                '!@lanebook/core/availability',
                '!@lanebook/core/price-lines',
                '!@lanebook/core/booking-form',
                // The gift card code's shape and how it is shown (zod-free, decision 045).
                '!@lanebook/core/gift-cards',
                // api/client is zod-free; api/openapi is types only (allowed as every type is).
                '!@lanebook/core/api',
                '@lanebook/core/api/*',
                '!@lanebook/core/api/client',
              ],
              allowTypeImports: true,
              message: "Only types from core's schema modules: their code brings zod into the widget.",
            },
          ],
        },
      ],
    },
  },
  // Boundaries: modules reach the database only through what the platform hands them.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: moduleEverywhere }] },
  },
  // Each module owns its tables: its code imports its own schema.ts, never another module's
  // nor the aggregate. Schema files may import each other (foreign keys); tests may read anything.
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    ignores: ['**/schema.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...moduleEverywhere, noSchemaAggregate, otherSchemas([module], notYourTable)] },
      ],
      'no-restricted-syntax': forVenueOnly,
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: { 'no-restricted-imports': serverImports() },
  },
  // The platform imports the schema files of the tables it reads by design, and no other.
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': serverImports(noSchemaAggregate, otherSchemas([], notPlatformTable)) },
  },
  // The access step reads sessions, users, venues, memberships and onboarding in one round trip (decision 007).
  {
    files: ['apps/server/src/platform/access.ts'],
    rules: {
      'no-restricted-imports': serverImports(
        noSchemaAggregate,
        otherSchemas(['accounts', 'venues', 'users', 'onboarding'], notPlatformTable),
      ),
    },
  },
  // better-auth's drizzle adapter is handed the sign-in tables.
  {
    files: ['apps/server/src/platform/auth.ts'],
    rules: { 'no-restricted-imports': serverImports(noSchemaAggregate, otherSchemas(['accounts'], notPlatformTable)) },
  },
  // Console boundaries. One rule, no-restricted-imports, whose options a later block replaces
  // whole: consoleImports() repeats the console-wide entries in every block.
  { files: ['apps/console/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': consoleImports(noHttp) } },
  // Where http may be imported (noHttp): the session and the auth feature's api/ files (better-auth), lib/api-image.ts.
  { files: ['apps/console/src/app/session.tsx'], rules: { 'no-restricted-imports': consoleImports() } },
  { files: ['apps/console/src/components/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': consoleImports(noHttp, noFeatures, noApp) } },
  {
    files: ['apps/console/src/components/collection/queries.ts', 'apps/console/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': consoleImports(noHttp, noFeatures, noApp) },
  },
  { files: ['apps/console/src/lib/api-image.ts'], rules: { 'no-restricted-imports': consoleImports(noFeatures, noApp) } },
  ...consoleFeatures.flatMap((feature) => [
    {
      files: [`apps/console/src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': consoleImports(noHttp, otherFeatures(feature), noApp) },
    },
    {
      files: [`apps/console/src/features/${feature}/api/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': consoleImports(...(feature === 'auth' ? [] : [noHttp]), otherFeatures(feature), noApp) },
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
