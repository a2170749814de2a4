import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, each shown to fail on a planted violation and to
 * let the correct import through. To add a boundary (e.g. one of the server's), add a row: the
 * file the code pretends to be in, the code, and the rule that must fire (null: it must pass).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });

interface Case {
  name: string;
  filePath: string;
  code: string;
  /** The rule expected to report an error, or null when the code must lint clean of boundary errors. */
  error: string | null;
}

const RESTRICTED = 'no-restricted-imports';
/** The server's modules use the TypeScript variant of the rule (type imports of the client are allowed). */
const TS_RESTRICTED = '@typescript-eslint/no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';
const consoleFile = (file: string) => `apps/console/src/${file}`;
const serverFile = (file: string) => `apps/server/src/${file}`;

const cases: Case[] = [
  // A feature never imports another feature.
  {
    name: 'a feature importing another feature',
    filePath: consoleFile('features/users/UsersPage.tsx'),
    code: "import { lanes } from '../catalog/resources';\nexport const x = lanes;\n",
    error: RESTRICTED,
  },
  {
    name: 'a feature subfolder importing another feature',
    filePath: consoleFile('features/catalog/product-form/Picker.tsx'),
    code: "import { usersKey } from '../../users/api/keys';\nexport const x = usersKey;\n",
    error: RESTRICTED,
  },
  {
    name: 'a feature importing another feature by a features/ path',
    filePath: consoleFile('features/profile/ProfilePage.tsx'),
    code: "import { signUp } from '../../features/auth/api/sign-up';\nexport const x = signUp;\n",
    error: RESTRICTED,
  },
  {
    name: 'a feature importing its own api, components and lib',
    filePath: consoleFile('features/users/UsersPage.tsx'),
    code: [
      "import { listUsersQuery } from './api/list-users';",
      "import { RoleBadge } from '../../components/roles';",
      "import { useSession } from '../../lib/session';",
      'export const x = [listUsersQuery, RoleBadge, useSession];',
      '',
    ].join('\n'),
    error: null,
  },
  // Only app/ imports app/: the shell sits on top of features, which sit on top of components/ and lib/.
  {
    name: 'a feature importing app',
    filePath: consoleFile('features/settings/SettingsHomePage.tsx'),
    code: "import { SETTINGS_MENU } from '../../app/menus';\nexport const x = SETTINGS_MENU;\n",
    error: RESTRICTED,
  },
  {
    name: "a feature's api file importing app",
    filePath: consoleFile('features/auth/api/sign-up.ts'),
    code: "import { SessionProvider } from '../../../app/session';\nexport const x = SessionProvider;\n",
    error: RESTRICTED,
  },
  {
    name: "a feature's test importing app",
    filePath: consoleFile('features/tour/machine.unit.test.ts'),
    code: "import { routeByName } from '../../app/route-table';\nexport const x = routeByName;\n",
    error: RESTRICTED,
  },
  {
    name: 'a feature importing what moved out of app into lib',
    filePath: consoleFile('features/tour/TourRunner.tsx'),
    code: [
      "import { NAMED_ROUTES } from '../../lib/route-names';",
      "import { SETTINGS_MENU } from '../../lib/menus';",
      "import { meQueryKey } from '../../lib/session';",
      'export const x = [NAMED_ROUTES, SETTINGS_MENU, meQueryKey];',
      '',
    ].join('\n'),
    error: null,
  },
  {
    name: 'the shell importing a feature',
    filePath: consoleFile('app/route-table.ts'),
    code: "import { TOUR_STEPS } from '../features/tour/steps';\nexport const x = TOUR_STEPS;\n",
    error: null,
  },
  // components/ and lib/ never import features/ or app/.
  {
    name: 'a component importing a feature',
    filePath: consoleFile('components/fields/UserPicker.tsx'),
    code: "import { listUsersQuery } from '../../features/users/api/list-users';\nexport const x = listUsersQuery;\n",
    error: RESTRICTED,
  },
  {
    name: 'lib importing app',
    filePath: consoleFile('lib/venue-thing.ts'),
    code: "import { SessionProvider } from '../app/session';\nexport const x = SessionProvider;\n",
    error: RESTRICTED,
  },
  {
    name: 'a component importing lib',
    filePath: consoleFile('components/fields/UserPicker.tsx'),
    code: "import { venueKey } from '../../lib/query-keys';\nimport { useSession } from '../../lib/session';\nexport const x = [venueKey, useSession];\n",
    error: null,
  },
  // The API is called through the typed client; http only for better-auth (the auth feature's api/, the session).
  {
    name: 'a component calling http',
    filePath: consoleFile('components/ThingCard.tsx'),
    code: "import { http } from '../lib/api';\nexport const load = () => http.get('/api/private/things');\n",
    error: RESTRICTED,
  },
  {
    name: 'a page calling http',
    filePath: consoleFile('features/catalog/LanesPage.tsx'),
    code: "import { http } from '../../lib/api';\nexport const save = () => http.patch('/api/private/venues/current', {});\n",
    error: RESTRICTED,
  },
  {
    name: 'a page importing ApiError (not http) from lib/api',
    filePath: consoleFile('features/users/UserPage.tsx'),
    code: "import { ApiError } from '../../lib/api';\nexport const x = ApiError;\n",
    error: null,
  },
  {
    name: "a feature's api file calling http",
    filePath: consoleFile('features/catalog/api/set-closure-percent.ts'),
    code: "import { http } from '../../../lib/api';\nexport const save = (value: number) => http.patch('/api/private/venues/current', { closurePercent: value });\n",
    error: RESTRICTED,
  },
  {
    name: "a feature's api file calling the typed client",
    filePath: consoleFile('features/catalog/api/set-closure-percent.ts'),
    code: "import { client } from '../../../lib/api';\nexport const save = () => client.get('/api/private/me');\n",
    error: null,
  },
  {
    name: 'lib calling http',
    filePath: consoleFile('lib/venue-thing.ts'),
    code: "import { http } from './api';\nexport const load = () => http.get('/api/private/me');\n",
    error: RESTRICTED,
  },
  {
    name: "the auth feature's api file calling better-auth through http",
    filePath: consoleFile('features/auth/api/sign-up.ts'),
    code: "import { http } from '../../../lib/api';\nexport const signUp = () => http.post('/api/auth/sign-up/email', {});\n",
    error: null,
  },
  // Each server module owns its tables: it imports its own schema.ts, never another's nor the aggregate.
  {
    name: "a module importing another module's schema",
    filePath: serverFile('modules/resources/service.ts'),
    code: "import { products } from '../products/schema.js';\nexport const x = products;\n",
    error: TS_RESTRICTED,
  },
  {
    name: "a module's subfolder importing another module's schema",
    filePath: serverFile('modules/users/queries/list.ts'),
    code: "import { user } from '../../accounts/schema.js';\nexport const x = user;\n",
    error: TS_RESTRICTED,
  },
  {
    name: 'a module importing the aggregate schema',
    filePath: serverFile('modules/users/service.ts'),
    code: "import { venueMembers } from '../../db/schema.js';\nexport const x = venueMembers;\n",
    error: TS_RESTRICTED,
  },
  {
    name: "a module importing its own schema and another module's service",
    filePath: serverFile('modules/users/service.ts'),
    code: "import { venueMembers } from './schema.js';\nimport { findPerson } from '../accounts/service.js';\nexport const x = [venueMembers, findPerson];\n",
    error: null,
  },
  {
    name: "a schema file importing another module's schema (a foreign key)",
    filePath: serverFile('modules/bookings/schema.ts'),
    code: "import { products } from '../products/schema.js';\nexport const x = products;\n",
    error: null,
  },
  {
    name: "a module's test importing the aggregate schema",
    filePath: serverFile('modules/users/users.api.test.ts'),
    code: "import { user, venueMembers } from '../../db/schema.js';\nexport const x = [user, venueMembers];\n",
    error: null,
  },
  // Venue-owned tables are queried through forVenue (platform/venue-scope.ts), never scoped by hand.
  {
    name: 'a module scoping a query by hand with eq(table.venueId, ...)',
    filePath: serverFile('modules/products/service.ts'),
    code: [
      "import { and, eq } from 'drizzle-orm';",
      "import { products } from './schema.js';",
      'export const live = (venueId: string) => and(eq(products.venueId, venueId), eq(products.isDeleted, false));',
      '',
    ].join('\n'),
    error: SYNTAX,
  },
  {
    name: 'a module querying a venue-owned table without forVenue',
    filePath: serverFile('modules/products/service.ts'),
    code: [
      "import type { Tx } from '../../db/client.js';",
      "import { products } from './schema.js';",
      'export const all = (tx: Tx) => tx.select().from(products);',
      '',
    ].join('\n'),
    error: SYNTAX,
  },
  {
    name: 'a module deleting from a venue-owned table without forVenue',
    filePath: serverFile('modules/users/memberships.ts'),
    code: [
      "import type { Tx } from '../../db/client.js';",
      "import { venueMembers } from './schema.js';",
      'export const removeAll = (tx: Tx) => tx.delete(venueMembers);',
      '',
    ].join('\n'),
    error: SYNTAX,
  },
  {
    name: 'a module querying a venue-owned table through forVenue, and a table no venue owns directly',
    filePath: serverFile('modules/products/service.ts'),
    code: [
      "import { eq } from 'drizzle-orm';",
      "import type { Tx } from '../../db/client.js';",
      "import { forVenue } from '../../platform/venue-scope.js';",
      "import { products } from './schema.js';",
      'export const live = (tx: Tx, venueId: string) => forVenue(tx, venueId).select(products, eq(products.isDeleted, false));',
      'export const drop = (tx: Tx, venueId: string, id: string) => forVenue(tx, venueId).delete(products, eq(products.id, id));',
      '',
    ].join('\n'),
    error: null,
  },
  {
    name: 'a module querying its table that no venue owns',
    filePath: serverFile('modules/onboarding/service.ts'),
    code: [
      "import { eq } from 'drizzle-orm';",
      "import type { Tx } from '../../db/client.js';",
      "import { onboardingProgress } from './schema.js';",
      'export const progress = (tx: Tx, userId: string) => tx.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));',
      '',
    ].join('\n'),
    error: null,
  },
  {
    name: 'the collections machinery importing a module schema',
    filePath: serverFile('platform/collections.ts'),
    code: "import { products } from '../modules/products/schema.js';\nexport const x = products;\n",
    error: RESTRICTED,
  },
  {
    name: 'the platform importing the aggregate schema',
    filePath: serverFile('platform/mail.ts'),
    code: "import { mailOutbox } from '../db/schema.js';\nexport const x = mailOutbox;\n",
    error: RESTRICTED,
  },
  {
    name: 'the access step importing a table it does not read',
    filePath: serverFile('platform/access.ts'),
    code: "import { products } from '../modules/products/schema.js';\nexport const x = products;\n",
    error: RESTRICTED,
  },
  {
    name: 'the access step importing the tables it reads',
    filePath: serverFile('platform/access.ts'),
    code: [
      "import { session, user } from '../modules/accounts/schema.js';",
      "import { onboardingProgress } from '../modules/onboarding/schema.js';",
      "import { venueMembers } from '../modules/users/schema.js';",
      "import { venues } from '../modules/venues/schema.js';",
      'export const x = [session, user, onboardingProgress, venueMembers, venues];',
      '',
    ].join('\n'),
    error: null,
  },
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(cases)('$name', async ({ filePath, code, error }) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    const errors = result!.messages.filter((message) => message.severity === 2);
    if (error === null) expect(errors).toEqual([]);
    else expect(errors.map((message) => message.ruleId)).toContain(error);
  });
});
