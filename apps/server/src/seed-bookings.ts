import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, venueToday, wallClockOf } from '@lanebook/core';
import { bookingCreateSchema, type Booking } from '@lanebook/core/booking-schemas';
import { slotCreateSchema } from '@lanebook/core/calendar-schemas';
import type { Tx } from './db/client.js';
import { cancelBooking, setPresence, setSaved, type Actor } from './modules/bookings/actions.js';
import { collectPayment, writeRefund } from './modules/bookings/money.js';
import { createBooking } from './modules/bookings/create.js';
import { linkGuest, updateGuest } from './modules/guests/service.js';
import type { GuestFlagInput } from '@lanebook/core/guest-schemas';
import { createSlot, slotsBetween } from './modules/calendar/service.js';
import { bookingLanes, bookingLogs, bookingPayments, bookings, products, user, venueMembers } from './db/schema.js';

/**
 * Demo bookings: a realistic spread over the last two weeks and the next two, in every status
 * and presence, and an evening at the desk today, made through the same services as the front
 * desk's by the venue's own desk members, so the list, the calendar, the lane day view, the
 * dashboard and the cash-up look like a working venue on a new install. Everything is relative to
 * the day the demo is made.
 */

const FIRST = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Chloe',
  'Lucas',
  'Isla',
  'Owen',
  'Ruby',
  'Caleb',
  'Nora',
  'Eli',
  'Hazel',
  'Jack',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Rossi',
  'Schmidt',
  'Dubois',
  'Cohen',
  'Silva',
  'Murphy',
  'Novak',
  'Haddad',
  'Larsen',
];

/** A small deterministic generator: the demo is the same on every install. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

/** The demo's regulars (issue 38): guests who come back, two of them flagged for the desk. */
const REGULARS: { person: { firstName: string; lastName: string; email: string; phone: string }; flags: GuestFlagInput[] }[] = [
  {
    person: { firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@example.test', phone: '+15552140101' },
    flags: [{ type: 'vip', note: 'League captain, Tuesdays' }],
  },
  {
    person: { firstName: 'Marcus', lastName: 'Bell', email: 'marcus.bell@example.test', phone: '+15552140102' },
    flags: [{ type: 'medical', note: 'Bad left shoulder: offer the lighter axes' }],
  },
  { person: { firstName: 'Elena', lastName: 'Ruiz', email: 'elena.ruiz@example.test', phone: '+15552140103' }, flags: [] },
];

interface DemoVenue {
  id: string;
  timezone: string;
  registrationCodePrefix: string;
  paymentMethods: string[];
}

export async function seedBookings(tx: Tx, venue: DemoVenue, count: number) {
  const next = sequence(venue.id.length * 7919);
  // The venue's desk (its managers and staff; the owner where there are none) takes the bookings and the money.
  const members = await tx
    .select({ userId: venueMembers.userId, name: user.name, role: venueMembers.role })
    .from(venueMembers)
    .innerJoin(user, eq(user.id, venueMembers.userId))
    .where(eq(venueMembers.venueId, venue.id))
    .orderBy(asc(user.name));
  const deskMembers = members.some((member) => member.role !== 'owner') ? members.filter((member) => member.role !== 'owner') : members;
  const desk: Actor[] = deskMembers.map((member) => ({ userName: member.name, userId: member.userId, moneyFormat: '${{amount}}' }));
  if (desk.length === 0) desk.push({ userName: 'Front desk', moneyFormat: '${{amount}}' });
  const deskOf = (i: number) => desk[i % desk.length];
  const today = venueToday(venue.timezone);
  const productRows = await tx.select().from(products).where(eq(products.venueId, venue.id));
  const person = (i: number) => {
    // Every fifth booking is one of the venue's regulars: their guest page has a history, and some flags.
    if (i % 5 === 3) return { ...REGULARS[Math.floor(i / 5) % REGULARS.length].person, note: '' };
    const firstName = FIRST[(i * 7 + next(FIRST.length)) % FIRST.length];
    const lastName = LAST[next(LAST.length)];
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}${i}@example.test`.toLowerCase(),
      phone: `+1555${String(1000000 + next(8999999)).slice(0, 7)}`,
      note: i % 5 === 0 ? 'Birthday group' : '',
    };
  };

  /** When each booking was made: set once everything of it is written (backdate). */
  const bookedAt = new Map<string, Date>();

  // Past evenings: slots made by hand (populate never makes past dates), booked, played or not.
  for (let daysAgo = 14; daysAgo >= 1; daysAgo -= 2) {
    const actor = deskOf(daysAgo / 2);
    const product = productRows[daysAgo % productRows.length];
    const date = addDays(today, -daysAgo);
    const slot = await createSlot(tx, venue.id, venue.timezone, product.id, slotCreateSchema.parse({ date, from: '18:00', to: '19:00' }));
    const i = daysAgo;
    // Made by staff: the public cannot book past slots.
    const booking = await book(tx, venue, product, [slot.id], person(i), 2 + next(4), actor, {});
    bookedAt.set(booking.id, new Date(Date.parse(booking.startsAt) - (1 + next(10)) * DAY - next(600) * MINUTE));
    if (i % 7 === 0) {
      // An online booking nobody paid: abandoned, its lanes free again (what the abandon job does).
      await tx
        .update(bookingLanes)
        .set({ holds: false })
        .where(and(eq(bookingLanes.venueId, venue.id), eq(bookingLanes.bookingId, booking.id)));
      await tx
        .update(bookings)
        .set({ status: 'abandoned' })
        .where(and(eq(bookings.venueId, venue.id), eq(bookings.id, booking.id)));
      continue;
    }
    await collectPayment(
      tx,
      venue.id,
      booking.id,
      { amount: booking.due, paymentMethod: venue.paymentMethods[i % venue.paymentMethods.length] },
      venue.paymentMethods,
      actor,
    );
    const played = await setPresence(tx, venue.id, booking.id, i % 4 === 0 ? 'no' : i % 5 === 0 ? 'partially' : 'fully', actor);
    // A no-show gets half back, less the deposit the venue keeps (decision 022).
    const half = Math.min(Math.round(booking.total / 2), played.refundable);
    if (i % 4 === 0 && half > 0) await writeRefund(tx, venue.id, booking.id, { amount: half }, actor, null);
  }

  // Today's evening at the desk, whatever the hour the demo is made: groups on today's slots from
  // 17:00, booked days ago. Those whose time has come paid at the desk just before and checked in;
  // later ones paid in full, in part, or not yet (collected on arrival).
  /** Payments taken at the desk today: set once the booking is backdated (it moves its payments). */
  const paidAt = new Map<string, Date>();
  const evening = (await slotsBetween(tx, venue.id, today, today, undefined, 500)).filter(
    (slot) => wallClockOf(slot.startsAt, venue.timezone).time >= '17:00',
  );
  const eveningCount = Math.min(evening.length, Math.max(3, Math.round(count / 6)));
  for (let i = 0; i < eveningCount; i++) {
    const slot = evening[Math.floor((i * evening.length) / eveningCount)];
    const product = productRows.find((p) => p.id === slot.productId)!;
    const actor = deskOf(i);
    let booking: Booking;
    try {
      booking = await book(tx, venue, product, [slot.id], person(60 + i), 2 + next(4), actor, { walkIn: i === eveningCount - 1 });
    } catch {
      continue;
    }
    const started = slot.startsAt.getTime() <= Date.now();
    bookedAt.set(booking.id, new Date(slot.startsAt.getTime() - (1 + next(6)) * DAY - next(600) * MINUTE));
    const method = venue.paymentMethods[i % venue.paymentMethods.length];
    if (started || i % 3 === 0) {
      await collectPayment(tx, venue.id, booking.id, { amount: booking.due, paymentMethod: method }, venue.paymentMethods, actor);
      if (started) {
        paidAt.set(booking.id, new Date(Math.min(Date.now() - MINUTE, slot.startsAt.getTime() - 10 * MINUTE)));
        await setPresence(tx, venue.id, booking.id, 'fully', actor);
      }
    } else if (i % 3 === 1)
      await collectPayment(
        tx,
        venue.id,
        booking.id,
        { amount: Math.ceil(booking.due / 2), paymentMethod: method },
        venue.paymentMethods,
        actor,
      );
  }

  // The next two weeks, on the populated slots.
  const upcoming = await slotsBetween(tx, venue.id, today, addDays(today, 14), undefined, 5000);
  const afterNow = upcoming.filter((slot) => slot.startsAt.getTime() > Date.now() + 2 * 3600_000);
  for (let i = 0; i < count && afterNow.length > 0; i++) {
    const actor = deskOf(i);
    const slot = afterNow[(i * 37 + next(afterNow.length)) % afterNow.length];
    const product = productRows.find((p) => p.id === slot.productId)!;
    const players = Math.min(product.maxPlayers, 2 + next(6));
    let booking: Booking;
    try {
      booking = await book(tx, venue, product, [slot.id], person(100 + i), players, actor, { online: i % 3 === 1, walkIn: i % 11 === 4 });
    } catch {
      continue; // That slot filled up already: the demo takes the next.
    }
    const kind = i % 8;
    // Booked some days ago, a few within the hour ('new' and 'minutes ago' in the list). An
    // online booking still unpaid is a recent one: older ones were abandoned (the abandon job).
    const unpaidOnline = booking.source === 'online' && kind > 2 && kind !== 4;
    const minutesAgo = unpaidOnline || i % 9 === 0 ? 3 + next(25) : 60 + next(14 * 24 * 60);
    bookedAt.set(booking.id, new Date(Math.min(Date.now() - minutesAgo * MINUTE, Date.parse(booking.startsAt) - HOUR)));
    const method = venue.paymentMethods[i % venue.paymentMethods.length];
    if (kind === 0 || kind === 1)
      await collectPayment(tx, venue.id, booking.id, { amount: booking.due, paymentMethod: method }, venue.paymentMethods, actor);
    if (kind === 2)
      await collectPayment(
        tx,
        venue.id,
        booking.id,
        { amount: Math.ceil(booking.due / 4), paymentMethod: method },
        venue.paymentMethods,
        actor,
      );
    if (kind === 3) await cancelBooking(tx, venue.id, booking.id, actor);
    if (kind === 4) {
      await collectPayment(tx, venue.id, booking.id, { amount: booking.due, paymentMethod: method }, venue.paymentMethods, actor);
      await writeRefund(tx, venue.id, booking.id, { amount: booking.total }, actor, null);
      await cancelBooking(tx, venue.id, booking.id, actor);
    }
    if (kind === 5) await setSaved(tx, venue.id, booking.id, true, actor);
    if (kind === 6) {
      // A booking flagged for the desk's attention (a warning shows in the list).
      await tx
        .update(bookings)
        .set({ isWarning: true })
        .where(and(eq(bookings.venueId, venue.id), eq(bookings.id, booking.id)));
    }
  }
  for (const regular of REGULARS) {
    const guest = await linkGuest(tx, venue.id, regular.person);
    if (guest && regular.flags.length) await updateGuest(tx, venue.id, guest.id, { flags: regular.flags }, deskOf(0).userName);
  }
  for (const [bookingId, at] of bookedAt) await backdate(tx, venue.id, bookingId, at);
  for (const [bookingId, at] of paidAt)
    await tx
      .update(bookingPayments)
      .set({ createdAt: at })
      .where(and(eq(bookingPayments.venueId, venue.id), eq(bookingPayments.bookingId, bookingId)));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The demo is made in one transaction, so every row would say it was made at the same instant:
 * a booking, its log and its payments move back together to when it was booked.
 */
async function backdate(tx: Tx, venueId: string, bookingId: string, bookedAt: Date) {
  const [row] = await tx
    .select({ createdAt: bookings.createdAt })
    .from(bookings)
    .where(and(eq(bookings.venueId, venueId), eq(bookings.id, bookingId)));
  const shift = sql`${`${row.createdAt.getTime() - bookedAt.getTime()} milliseconds`}::interval`;
  const own = (table: typeof bookingLogs | typeof bookingPayments) => and(eq(table.venueId, venueId), eq(table.bookingId, bookingId));
  await tx
    .update(bookings)
    .set({
      createdAt: sql`${bookings.createdAt} - ${shift}`,
      updatedAt: sql`${bookings.updatedAt} - ${shift}`,
      // An unpaid online booking's abandon time moves with it: the oldest are abandoned soon after a start.
      abandonAt: sql`${bookings.abandonAt} - ${shift}`,
    })
    .where(and(eq(bookings.venueId, venueId), eq(bookings.id, bookingId)));
  await tx
    .update(bookingLogs)
    .set({ createdAt: sql`${bookingLogs.createdAt} - ${shift}` })
    .where(own(bookingLogs));
  await tx
    .update(bookingPayments)
    .set({ createdAt: sql`${bookingPayments.createdAt} - ${shift}` })
    .where(own(bookingPayments));
}

async function book(
  tx: Tx,
  venue: DemoVenue,
  product: { id: string; minPlayers: number; maxPlayers: number },
  slots: string[],
  reservationInfo: Record<string, string>,
  players: number,
  actor: Actor,
  how: { online?: boolean; walkIn?: boolean },
) {
  const playersCount = Math.max(product.minPlayers, Math.min(product.maxPlayers, players));
  const body = bookingCreateSchema.parse({ productId: product.id, slots, playersCount, reservationInfo, isWalkIn: how.walkIn ?? false });
  // The demo venues take card payments (payments/demo.ts): an unpaid online booking gets its abandon time.
  const bookingVenue = { ...venue, isStripePaymentsEnabled: true };
  return createBooking(tx, bookingVenue, body, {
    kind: how.online ? 'public' : 'staff',
    userName: how.online ? 'Customer' : actor.userName,
  });
}
