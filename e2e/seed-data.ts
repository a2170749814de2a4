import { pathToFileURL } from 'node:url';

export const UPCOMING_BOOKING_LANE = 'Lane 8';

/**
 * The demo data, plus what the browser tests need that no screen makes yet: an upcoming
 * booking on a demo-axe lane (bookings come with their own work). Written before the server
 * starts, since the embedded database belongs to one process at a time.
 */
export async function prepareData(dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { seedDemo } = await import('../apps/server/src/seed.js');
  const { bookings, products } = await import('../apps/server/src/db/schema.js');
  const { and, eq } = await import('drizzle-orm');
  const database = await openDatabase({ dataDir });
  const { app, auth } = await buildApp(database, {
    baseUrl: 'http://127.0.0.1',
    authSecret: 'e2e-seed-secret-e2e-seed-secret-0123456789',
    mailFrom: 'e2e@lanebook.test',
    logLevel: 'silent',
  });
  await seedDemo(database.db, auth);
  const [product] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.venueId, 'demo-axe')))
    .limit(1);
  const startsAt = new Date(Date.now() + 24 * 3600_000);
  await database.db.insert(bookings).values({
    venueId: 'demo-axe',
    id: 'e2e-upcoming-booking',
    productId: product.id,
    status: 'paid',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3600_000),
    resourceIds: [UPCOMING_BOOKING_LANE],
    paidTotal: 2500,
  });
  await app.close();
  await database.close();
}

// `node --import tsx e2e/seed-data.ts <folder>`: npm test seeds the browser tests' data beside the unit and API tests.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folder = process.argv[2];
  if (!folder) throw new Error('Usage: node --import tsx e2e/seed-data.ts <folder>');
  await prepareData(folder);
}
