import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_PERMISSIONS, type VenueRole } from '@lanebook/core';
import type { Db } from './db/client.js';
import { account, onboardingProgress, user, venueMembers, venues } from './db/schema.js';
import type { Auth } from './platform/auth.js';
import { seedBookings } from './seed-bookings.js';
import { DEMO_CATALOGS, seedCatalog } from './seed-catalog.js';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.test', name: 'Olivia Owner', note: 'owner of Demo Axe House, manager of Demo Bowl' },
  { email: 'manager@demo.test', name: 'Marcus Manager', note: 'manager of Demo Axe House' },
  { email: 'staff@demo.test', name: 'Sam Staff', note: 'staff of Demo Axe House' },
  { email: 'bowl-owner@demo.test', name: 'Bella Bowl', note: 'owner of Demo Bowl' },
  { email: 'admin@demo.test', name: 'Ada Admin', note: 'superadmin, no venue of its own', isSuperadmin: true },
] as const;

/** The demo venue that takes card payments (sandbox) and whose widget the start message shows. */
export const DEMO_VENUE_ID = 'demo-axe';

const DEMO_VENUES = [
  {
    id: DEMO_VENUE_ID,
    name: 'Demo Axe House',
    companyName: 'Demo Axe House LLC',
    timezone: 'America/New_York',
    address: '120 Timber Street, Brooklyn, NY 11201',
    phone: '+12125550100',
    email: 'hello@demo-axe.test',
    ownerEmail: 'owner@demo.test',
    registrationCodePrefix: 'AXE',
    // Approved for online booking, so the widget's calls answer real availability on a new install.
    status: 'live' as const,
    members: [
      ['owner@demo.test', 'owner'],
      ['manager@demo.test', 'manager'],
      ['staff@demo.test', 'staff'],
    ],
  },
  {
    id: 'demo-bowl',
    name: 'Demo Bowl',
    companyName: 'Demo Bowl Inc.',
    timezone: 'America/Chicago',
    address: '42 Strike Avenue, Chicago, IL 60601',
    phone: '+13125550142',
    email: 'hello@demo-bowl.test',
    ownerEmail: 'bowl-owner@demo.test',
    registrationCodePrefix: 'BWL',
    // Live too: every demo venue's widget takes bookings on a new install (decision 024).
    status: 'live' as const,
    members: [
      ['bowl-owner@demo.test', 'owner'],
      ['owner@demo.test', 'manager'],
    ],
  },
] as const;

/** Fills an empty database with the demo venues and accounts. Returns false when there was data already. */
export async function seedDemo(db: Db, auth: Auth): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(user);
  if (count > 0) return false;
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const demo of DEMO_ACCOUNTS) {
      const id = randomUUID();
      ids.set(demo.email, id);
      await tx
        .insert(user)
        .values({ id, email: demo.email, name: demo.name, emailVerified: true, isSuperadmin: 'isSuperadmin' in demo && demo.isSuperadmin });
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      // The demo venues are set up already: the guided set-up is not offered to their owners.
      await tx.insert(onboardingProgress).values({ userId: id, currentStep: -1, isFinished: true });
    }
    for (const { members, ...venue } of DEMO_VENUES) {
      // The demo skips bank onboarding so every demo account lands on the console at once.
      await tx.insert(venues).values({ ...venue, country: 'US', permissions: DEFAULT_PERMISSIONS, bankOnboardingSkipped: true });
      for (const [email, role] of members) {
        await tx.insert(venueMembers).values({ venueId: venue.id, userId: ids.get(email)!, role: role as VenueRole });
      }
    }
    for (const catalog of DEMO_CATALOGS) {
      const venue = DEMO_VENUES.find((v) => v.id === catalog.venueId)!;
      await seedCatalog(tx, catalog, venue.timezone);
    }
    const [axe, bowl] = await tx
      .select()
      .from(venues)
      .where(inArray(venues.id, ['demo-axe', 'demo-bowl']))
      .orderBy(venues.id);
    await seedBookings(tx, axe, 40);
    await seedBookings(tx, bowl, 15);
  });
  return true;
}
