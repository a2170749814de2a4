import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@lanebook/core';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { registerAccess, type Access } from './access.js';
import { testConfig } from '../../test/server.js';

/** The declaration check runs when a route is added, before any database is touched. */
function bareApp() {
  const app = Fastify();
  registerAccess(app, {} as never, []);
  return app;
}

/** The real app needs a real database (its background jobs install on start): PGlite in memory. */
let database: Database | null = null;
/** Opening PGlite (initdb and every migration) and building the whole app take seconds on a busy 2-core machine. */
const START_TIMEOUT = 60_000;
const realDatabase = async () => (database ??= await openDatabase({ dataDir: null }));
afterAll(async () => {
  await database?.close();
});

async function addAndStart(app: ReturnType<typeof Fastify>, add: () => void) {
  add();
  await app.ready();
}

describe('route declaration rule (deny by default)', () => {
  it('refuses a route without config.access at start-up', async () => {
    const app = bareApp();
    await expect(addAndStart(app, () => app.get('/api/private/secret', async () => 'secret'))).rejects.toThrow(
      'Route GET /api/private/secret declares no access (public, auth or permission).',
    );
  });

  it('refuses a route with a config but no access in it, also inside a plugin', async () => {
    const app = bareApp();
    await expect(
      addAndStart(app, () =>
        app.register(async (child) => {
          child.post('/api/private/things', { config: {} }, async () => 'ok');
        }),
      ),
    ).rejects.toThrow('Route POST /api/private/things declares no access');
  });

  it('refuses a route that declares an unknown permission key', async () => {
    const app = bareApp();
    const access = { permission: 'bookings.fly' } as unknown as Access;
    await expect(
      addAndStart(app, () => app.register(async (child) => child.get('/api/private/fly', { config: { access } }, async () => 'ok'))),
    ).rejects.toThrow("Route GET /api/private/fly declares unknown permission 'bookings.fly'.");
  });

  it('refuses a permission key of the right shape that is not in the table', async () => {
    const app = bareApp();
    const access = { permission: 'venues.create' } as unknown as Access;
    await expect(addAndStart(app, () => app.put('/api/private/v', { config: { access } }, async () => 'ok'))).rejects.toThrow(
      "declares unknown permission 'venues.create'",
    );
  });

  it('accepts every kind of declaration and every key of the table', async () => {
    const app = bareApp();
    const declarations: Access[] = [
      { public: true },
      { auth: 'signed-in' },
      { auth: 'venue' },
      { auth: 'superadmin' },
      ...PERMISSION_KEYS.map((permission) => ({ permission })),
      { permission: 'profile.edit', venueOptional: true },
    ];
    declarations.forEach((access, i) => app.get(`/r${i}`, { config: { access } }, async () => 'ok'));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it(
    'holds for the real app: buildApp starts, and a route added without access fails it',
    async () => {
      const { app } = await buildApp(await realDatabase(), testConfig());
      await expect(addAndStart(app, () => app.get('/api/private/undeclared', async () => 'x'))).rejects.toThrow(
        'Route GET /api/private/undeclared declares no access',
      );
      await app.close();
    },
    START_TIMEOUT,
  );

  it(
    'the real app starts when every route declares its access',
    async () => {
      const { app } = await buildApp(await realDatabase(), testConfig());
      await expect(app.ready()).resolves.toBeDefined();
      await app.close();
    },
    START_TIMEOUT,
  );
});
