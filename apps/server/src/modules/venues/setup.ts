import { and, eq, ne } from 'drizzle-orm';
import { isValidTimeZone, type Venue } from '@lanebook/core';
import {
  SETUP_INCOMPLETE_CODE,
  SETUP_REQUIRED,
  setupIncompleteMessage,
  type SetupItem,
  type SetupItemKey,
  type VenueSetup,
} from '@lanebook/core/venue-setup';
import type { Db } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { quotedUserText } from '../../platform/mail-templates.js';
import { superadminEmails } from '../accounts/service.js';
import { productsWithSlotsAfter } from '../calendar/service.js';
import { bookableProducts } from '../products/service.js';
import { activeLaneIds } from '../resources/service.js';
import { existingWaiverIds } from '../waivers/service.js';
import { venues } from './schema.js';
import { toVenue, venueRowById } from './service.js';

/**
 * The setup checklist and going live (docs/decisions/035-going-live-alone.md): every item is
 * computed from the venue's data through the modules that own it, never kept as a flag of its own.
 */

export type VenueApproval = 'manual' | 'auto';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function detailsItem(venue: VenueRow): Pick<SetupItem, 'done' | 'detail'> {
  const missing = [
    !venue.name.trim() && 'name',
    !venue.address.trim() && 'address',
    !venue.phone.trim() && 'phone',
    !isValidTimeZone(venue.timezone) && 'time zone',
  ].filter((v): v is string => Boolean(v));
  if (missing.length === 0) return { done: true, detail: `Name, address, phone and time zone (${venue.timezone}) are set.` };
  return { done: false, detail: `Add the venue's ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')}.` };
}

/** Every item of the checklist for the venue, as of `now`. */
export async function venueSetup(db: Db, venue: VenueRow, approval: VenueApproval, now = new Date()): Promise<VenueSetup> {
  const lanes = new Set(await activeLaneIds(db, venue.id));
  // Products customers can book (not paused, not deleted) that offer at least one lane that is not paused.
  const active = await bookableProducts(db, venue.id);
  const sellable = active.filter((product) => product.resources.some((laneId) => lanes.has(laneId)));
  const withSlots = new Set(
    await productsWithSlotsAfter(
      db,
      venue.id,
      sellable.map((product) => product.id),
      now,
    ),
  );
  const waiverIds = [...new Set(sellable.map((product) => product.activeWaiverId).filter((id): id is string => Boolean(id)))];
  const waivers = await existingWaiverIds(db, venue.id, waiverIds);
  const withWaiver = sellable.filter((product) => product.activeWaiverId && waivers.has(product.activeWaiverId));

  const found: Record<SetupItemKey, Pick<SetupItem, 'done' | 'detail'>> = {
    details: detailsItem(venue),
    lanes: lanes.size
      ? { done: true, detail: `${plural(lanes.size, 'lane', 'lanes')} open for bookings.` }
      : { done: false, detail: 'Add at least one lane (or resume a paused one).' },
    product: sellable.length
      ? { done: true, detail: `${plural(sellable.length, 'product', 'products')} on sale with lanes.` }
      : {
          done: false,
          detail: active.length
            ? 'Choose at least one active lane for an active product.'
            : 'Create a product, choose its lanes and activate it (a new product starts paused).',
        },
    hours: withSlots.size
      ? { done: true, detail: `Slots ahead for ${plural(withSlots.size, 'product', 'products')}.` }
      : { done: false, detail: 'Set opening hours in the calendar so that an active product has slots to come.' },
    waiver: withWaiver.length
      ? { done: true, detail: `${plural(withWaiver.length, 'product asks', 'products ask')} customers to sign a waiver.` }
      : { done: false, detail: 'Optional: make a waiver active on a product so customers sign it when they book.' },
    payments: venue.isStripePaymentsEnabled
      ? { done: true, detail: 'Card payments are on: customers pay online.' }
      : venue.payAtVenue
        ? { done: true, detail: 'Customers book online and pay at the venue.' }
        : { done: false, detail: 'Turn on card payments, or choose to take payment at the venue.' },
    live:
      venue.status === 'live'
        ? { done: true, detail: 'The widget takes online bookings.' }
        : venue.status === 'pending'
          ? { done: false, detail: 'Waiting for a Lanebook administrator to approve the venue.' }
          : { done: false, detail: 'Ask to go live once the required items are done.' },
  };
  const items: SetupItem[] = (Object.keys(found) as SetupItemKey[]).map((key) => ({
    key,
    required: SETUP_REQUIRED.includes(key),
    ...found[key],
  }));
  return {
    status: venue.status,
    approval,
    payAtVenue: venue.payAtVenue,
    items,
    missing: items.filter((item) => item.required && !item.done).map((item) => item.key),
  };
}

/** The venue chooses (or stops choosing) to take payment at the venue. */
export async function setPayAtVenue(db: Db, venueId: string, payAtVenue: boolean): Promise<void> {
  await db.update(venues).set({ payAtVenue, updatedAt: new Date() }).where(eq(venues.id, venueId));
}

export interface GoLiveDeps {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  approval: VenueApproval;
  /** Where a mail that could not even be recorded is reported: the venue is pending by then, and stays so. */
  logError: (error: unknown) => void;
}

/**
 * The owner asks for the venue's widget to take online bookings: refused with 409
 * `setup_incomplete` (the missing items in `details.missing`) until the required items are done;
 * then inactive becomes pending and every superadmin gets a mail, or live at once with
 * VENUE_APPROVAL=auto. A pending or live venue cannot ask again (409 venue_status).
 */
export async function askToGoLive(deps: GoLiveDeps, venueId: string): Promise<Venue> {
  const { db } = deps;
  const current = await venueRowById(db, venueId);
  if (!current) throw notFound('Venue');
  if (current.status !== 'inactive') throw venueStatusConflict(current.status);
  const setup = await venueSetup(db, current, deps.approval);
  if (setup.missing.length) {
    throw new AppError(409, SETUP_INCOMPLETE_CODE, setupIncompleteMessage(setup.missing), {
      missing: setup.items.filter((item) => setup.missing.includes(item.key)).map(({ key, detail }) => ({ key, detail })),
    });
  }
  // An install with no superadmin to approve (a fresh self-hosted one) approves by itself: nobody could.
  const superadmins = deps.approval === 'auto' ? [] : await superadminEmails(db);
  const target = superadmins.length ? 'pending' : 'live';
  // Only one of two requests at once moves the venue on (and mails).
  const [row] = await db
    .update(venues)
    .set({ status: target, updatedAt: new Date() })
    .where(and(eq(venues.id, venueId), eq(venues.status, 'inactive')))
    .returning();
  if (!row) {
    const now = await venueRowById(db, venueId);
    throw venueStatusConflict(now?.status ?? 'pending');
  }
  if (target === 'pending') await mailSuperadmins(deps, row, superadmins).catch(deps.logError);
  else await mailOwnerLive(deps, row).catch(deps.logError);
  return toVenue(row);
}

/**
 * A superadmin sets a venue's status; approving (to live) mails the venue's owner. The update is
 * conditional, so two approvals at once mail once.
 */
export async function setVenueStatusByAdmin(deps: Omit<GoLiveDeps, 'approval'>, venueId: string, status: Venue['status']): Promise<Venue> {
  const [changed] = await deps.db
    .update(venues)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(venues.id, venueId), ne(venues.status, status)))
    .returning();
  if (!changed) {
    const current = await venueRowById(deps.db, venueId);
    if (!current) throw notFound('Venue');
    return toVenue(current);
  }
  if (status === 'live') await mailOwnerLive(deps, changed).catch(deps.logError);
  return toVenue(changed);
}

/** The owner hears that the venue takes online bookings, whoever approved it (a superadmin, or the install by itself). */
async function mailOwnerLive(deps: Pick<GoLiveDeps, 'mailer' | 'baseUrl'>, venue: VenueRow) {
  if (!venue.ownerEmail) return;
  await deps.mailer.send({
    to: [venue.ownerEmail],
    kind: 'venue-live',
    venueId: venue.id,
    subject: 'Your venue is live on Lanebook',
    text:
      `Hello,\n\nThe venue ${quotedUserText(venue.name)} (ID ${venue.id}) is approved: its widget takes online bookings now.\n\n` +
      `Your console:\n\n${deps.baseUrl}/dashboard\n`,
  });
}

function venueStatusConflict(status: VenueRow['status']) {
  return conflict(
    status === 'pending'
      ? 'This venue already asked for approval; a Lanebook administrator will review it.'
      : 'This venue is already live: it takes online bookings.',
    'venue_status',
  );
}

/** One mail to each superadmin: which venue asks, and where to approve it. */
async function mailSuperadmins(deps: GoLiveDeps, venue: VenueRow, emails: string[]) {
  const url = `${deps.baseUrl}/settings/superadmin`;
  for (const email of emails) {
    // The venue is pending already: a mail that fails is recorded as failed in the outbox (the
    // superadmin page lists the venue anyway), and one that cannot be recorded is logged.
    await deps.mailer
      .send({
        to: [email],
        kind: 'venue-approval',
        venueId: venue.id,
        subject: 'A venue asks to go live on Lanebook',
        text:
          `Hello,\n\nThe venue ${quotedUserText(venue.name)} (ID ${venue.id}) finished its setup and asks to take online bookings.\n\n` +
          `Review it and approve it under "Waiting for approval" on the superadmin page:\n\n${url}\n\n` +
          `Until it is approved, its widget tells customers the venue is not taking online bookings yet.\n`,
      })
      .catch(deps.logError);
  }
}
