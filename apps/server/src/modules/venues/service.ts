import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PERMISSIONS,
  normalizePermissionsMap,
  type PermissionsMap,
  type Venue,
  type VenueCreate,
  type VenueUpdate,
} from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { conflict, validationFailed } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { giftCardSettingsSchema } from '@lanebook/core/gift-card-schemas';
import type { VenueRow } from '../../platform/access.js';
import { likePattern, type Page } from '../../platform/http.js';
import { storedPhone } from '../../platform/phones.js';
import { addOwner } from '../users/memberships.js';
import { createDefaultWaiver } from '../waivers/default-waiver.js';
import { createDefaultMailingTemplates } from '../mailing-templates/defaults.js';
import { venues } from './schema.js';

export function toVenue(row: VenueRow): Venue {
  return {
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    companySite: row.companySite,
    country: row.country as Venue['country'],
    timezone: row.timezone,
    address: row.address,
    phone: row.phone,
    email: row.email,
    ownerEmail: row.ownerEmail,
    registrationCodePrefix: row.registrationCodePrefix,
    closurePercent: row.closurePercent,
    firstDayOfWeek: row.firstDayOfWeek,
    abandonAfterMinutes: row.abandonAfterMinutes,
    reminderLeadHours: row.reminderLeadHours,
    ageOfMajority: row.ageOfMajority,
    paymentMethods: row.paymentMethods,
    widgetOrigins: row.widgetOrigins,
    phoneFormat: row.phoneFormat,
    moneyFormat: row.moneyFormat,
    timeFormat: row.timeFormat,
    dateFormat: row.dateFormat as Venue['dateFormat'],
    stripeBankAccountStatus: row.stripeBankAccountStatus,
    isStripePaymentsEnabled: row.isStripePaymentsEnabled,
    bankOnboardingSkipped: row.bankOnboardingSkipped,
    status: row.status,
    permissions: normalizePermissionsMap(row.permissions),
    giftCards: row.giftCards,
    bannedGuestsOnline: row.bannedGuestsOnline,
    marketingConsentText: row.marketingConsentText,
    createdAt: row.createdAt.toISOString(),
  };
}

export const venueExistsMessage = (id: string) => `A venue with ID '${id}' already exists.`;

/**
 * Creates a venue in the caller's transaction; `ownerUserId` becomes its owner at once (null:
 * the owner is invited in the same transaction, decision 008).
 */
export async function createVenue(tx: Tx, input: VenueCreate, ownerUserId: string | null, ownerEmail: string): Promise<Venue> {
  const inserted = await tx
    .insert(venues)
    .values({
      ...input,
      phone: storedPhone(input.phone ?? '', input.country, 'phone'),
      ownerEmail: input.ownerEmail || ownerEmail,
      permissions: DEFAULT_PERMISSIONS,
    })
    .onConflictDoNothing({ target: venues.id })
    .returning();
  if (inserted.length === 0) throw conflict(venueExistsMessage(input.id), 'venue_exists');
  if (ownerUserId) await addOwner(tx, input.id, ownerUserId);
  // A waiver to review rather than a blank page: the tour's waiver step and the widget's signing work at once.
  await createDefaultWaiver(tx, input.id);
  // Active templates of each type: customers are mailed from the venue's first booking (decision 030).
  await createDefaultMailingTemplates(tx, input.id);
  return toVenue(inserted[0]);
}

/** The venue's phone is stored E.164, read in its country (the one the patch sets, else its own). */
export async function updateVenue(db: Db, venue: Pick<VenueRow, 'id' | 'country'>, patch: VenueUpdate): Promise<Venue> {
  const phone = patch.phone === undefined ? {} : { phone: storedPhone(patch.phone, patch.country ?? venue.country, 'phone') };
  const { giftCards, ...fields } = patch;
  return withTransaction(db, async (tx) => {
    // The gift card settings sent are merged into the saved ones, and the result checked whole (decision 045).
    let settings = {};
    if (giftCards) {
      const [saved] = await tx.select({ giftCards: venues.giftCards }).from(venues).where(eq(venues.id, venue.id)).for('update');
      const merged = giftCardSettingsSchema.safeParse({ ...saved.giftCards, ...giftCards });
      if (!merged.success)
        throw validationFailed(merged.error.issues.map((issue) => ({ path: ['giftCards', ...issue.path], message: issue.message })));
      settings = { giftCards: merged.data };
    }
    const [row] = await tx
      .update(venues)
      .set({ ...fields, ...phone, ...settings, updatedAt: new Date() })
      .where(eq(venues.id, venue.id))
      .returning();
    return toVenue(row);
  });
}

export async function setVenuePermissions(db: Db, venueId: string, map: PermissionsMap): Promise<Venue> {
  const [row] = await db
    .update(venues)
    .set({ permissions: normalizePermissionsMap(map), updatedAt: new Date() })
    .where(eq(venues.id, venueId))
    .returning();
  return toVenue(row);
}

export async function skipBankOnboarding(db: Db, venueId: string): Promise<Venue> {
  const [row] = await db
    .update(venues)
    .set({ bankOnboardingSkipped: true, updatedAt: new Date() })
    .where(eq(venues.id, venueId))
    .returning();
  return toVenue(row);
}

export async function venueRowById(db: Db | Tx, venueId: string): Promise<VenueRow | null> {
  const [row] = await db.select().from(venues).where(eq(venues.id, venueId));
  return row ?? null;
}

export async function venueExists(db: Db | Tx, venueId: string): Promise<boolean> {
  const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  return Boolean(row);
}

/** The names of `venueIds` (for lists that show which venue). */
export async function venueNames(db: Db | Tx, venueIds: string[]): Promise<Map<string, string>> {
  if (venueIds.length === 0) return new Map();
  const rows = await db.select({ id: venues.id, name: venues.name }).from(venues).where(inArray(venues.id, venueIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type VenueSummary = Pick<VenueRow, 'id' | 'name' | 'status' | 'ownerEmail' | 'timezone' | 'createdAt'>;

/** Every venue (the superadmin's list), newest first; `search` matches the name or id literally. */
export async function listVenues(
  db: Db,
  query: { status?: Venue['status']; search?: string; limit: number; offset: number },
): Promise<Page<VenueSummary>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(venues.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(venues.name, pattern), ilike(venues.id, pattern)));
  }
  const items = await db
    .select({
      id: venues.id,
      name: venues.name,
      status: venues.status,
      ownerEmail: venues.ownerEmail,
      timezone: venues.timezone,
      createdAt: venues.createdAt,
    })
    .from(venues)
    .where(and(...conditions))
    .orderBy(desc(venues.createdAt), venues.id)
    .limit(query.limit)
    .offset(query.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(venues)
    .where(and(...conditions));
  return { items, total };
}

// ---- The venue's card-payment account (decision 021) ----

/** The venue's account id at this provider, locking the venue row so only one account is ever made. */
export async function lockPaymentAccount(tx: Tx, venueId: string, provider: 'sandbox' | 'stripe'): Promise<string | null> {
  const [row] = await tx
    .select({ provider: venues.paymentProvider, accountId: venues.paymentAccountId })
    .from(venues)
    .where(eq(venues.id, venueId))
    .for('update');
  return row?.provider === provider ? row.accountId : null;
}

export async function setPaymentAccount(tx: Tx, venueId: string, provider: 'sandbox' | 'stripe', accountId: string) {
  await tx
    .update(venues)
    .set({ paymentProvider: provider, paymentAccountId: accountId, updatedAt: new Date() })
    .where(eq(venues.id, venueId));
}

/** Records where the venue stands with the provider: its bank status and whether card payments are on. */
export async function setPaymentStatus(
  db: Db | Tx,
  venueId: string,
  status: { stripeBankAccountStatus: Venue['stripeBankAccountStatus']; isStripePaymentsEnabled: boolean },
) {
  await db
    .update(venues)
    .set({ ...status, updatedAt: new Date() })
    .where(
      and(
        eq(venues.id, venueId),
        or(
          sql`${venues.stripeBankAccountStatus} <> ${status.stripeBankAccountStatus}`,
          sql`${venues.isStripePaymentsEnabled} <> ${status.isStripePaymentsEnabled}`,
        ),
      ),
    );
}

/** The venue whose account a provider's event names. */
export async function venueOfPaymentAccount(
  db: Db | Tx,
  provider: 'sandbox' | 'stripe',
  accountId: string,
): Promise<{ id: string; moneyFormat: string } | null> {
  const [row] = await db
    .select({ id: venues.id, moneyFormat: venues.moneyFormat })
    .from(venues)
    .where(and(eq(venues.paymentProvider, provider), eq(venues.paymentAccountId, accountId)));
  return row ?? null;
}

/** The venue's account at this provider and its money format (the payments sweep acts on a venue with them). */
export async function paymentAccountOfVenue(
  db: Db | Tx,
  venueId: string,
  provider: 'sandbox' | 'stripe',
): Promise<{ accountId: string | null; moneyFormat: string } | null> {
  const [row] = await db
    .select({ provider: venues.paymentProvider, accountId: venues.paymentAccountId, moneyFormat: venues.moneyFormat })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!row) return null;
  return { accountId: row.provider === provider ? row.accountId : null, moneyFormat: row.moneyFormat };
}
