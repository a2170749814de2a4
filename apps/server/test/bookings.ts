import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, productDefaults, venueToday } from '@lanebook/core';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { products, resources, venues } from '../src/db/schema.js';
import type { TestServer } from './server.js';

/** A booking venue for the bookings tests (apps/server/src/modules/bookings). */
export const ZONE = 'America/New_York';
export const info = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.test', phone: '+1 (555) 123-4567' };

/**
 * A live venue (prefix AXE) with lanes L1-L3 (6 players each), a product on them at $10 a player, and two consecutive slots in 5 days.
 * It takes payment at the venue unless `cardPayments` marks its card payments on (its unpaid online bookings are then abandoned, decision 019).
 */
export async function setUpBookings(t: TestServer, options: { lanes?: string[]; daysAhead?: number; cardPayments?: boolean } = {}) {
  const venue = await t.addVenue();
  await t.db
    .update(venues)
    .set({
      status: 'live',
      registrationCodePrefix: 'AXE',
      paymentMethods: ['Cash', 'POS'],
      isStripePaymentsEnabled: options.cardPayments ?? false,
    })
    .where(eq(venues.id, venue.id));
  const lanes = options.lanes ?? ['L1', 'L2', 'L3'];
  await t.db.insert(resources).values(lanes.map((id) => ({ venueId: venue.id, id, capacity: 6, minCapacity: 1 })));
  const productId = randomUUID();
  await t.db.insert(products).values({
    ...productDefaults,
    venueId: venue.id,
    id: productId,
    name: 'Axe throwing',
    isPaused: false,
    price: 1000,
    maxPlayers: 12,
    resources: lanes,
  });
  const date = addDays(venueToday(ZONE), options.daysAhead ?? 5);
  const add = (from: string, to: string) =>
    venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to }).then((r) => r.json<Slot>());
  const first = await add('10:00', '11:00');
  const second = await add('11:00', '12:00');
  const form = (extra: Record<string, unknown> = {}) => ({
    productId,
    slots: [first.id, second.id],
    playersCount: 4,
    reservationInfo: info,
    ...extra,
  });
  const freeLanes = async (slotId: string) => {
    const r = await t.request('GET', `/api/public/product/${productId}/slots`, { query: { date, playersCount: '1' } });
    return r.json<{ slots: { id: string; freeLanes: number }[] }>().slots.find((s) => s.id === slotId)?.freeLanes ?? 0;
  };
  return { venue, productId, date, first, second, form, freeLanes };
}
