import { expect } from 'vitest';
import {
  bookingLogs,
  bookingPayments,
  bookings,
  giftCardLedger,
  giftCardOrders,
  giftCards,
  mailOutbox,
  venues,
  webhookDeliveries,
} from '../src/db/schema.js';
import type { TestServer } from './server.js';

/**
 * The tables a gift card change could write, as rows: `t.expectNoWrites` reads every table of the
 * seeded demo, seconds on PGlite for each refusal; these are the ones a refused call could touch.
 */
const WATCHED = {
  giftCards,
  giftCardLedger,
  giftCardOrders,
  bookings,
  bookingPayments,
  bookingLogs,
  mailOutbox,
  venues,
  webhookDeliveries,
};

async function watchedRows(t: TestServer) {
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(WATCHED))
    out[name] = (await t.db.select().from(table)).map((row) => JSON.stringify(row)).sort();
  return out;
}

/** Runs `action` and asserts that no gift card, booking money, mail, venue or webhook row changed. */
export async function nothingWritten<T>(t: TestServer, action: () => Promise<T>): Promise<T> {
  const before = await watchedRows(t);
  const result = await action();
  expect(await watchedRows(t)).toEqual(before);
  return result;
}
