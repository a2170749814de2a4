import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { PaymentsInfo } from '@lanebook/core/payment-schemas';
import { bookingPayments } from '../src/db/schema.js';
import type { Caller, TestServer } from './server.js';

/** Helpers of the payments tests (apps/server/src/modules/payments): the sandbox's hosted pages, driven as a browser would. */

export const US_BANK = { accountHolderName: 'Axe House LLC', country: 'US', accountNumber: '000123456789', routingNumber: '110000000' };

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A path of this server from a URL it answered (the sandbox's pages live under BASE_URL). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Adds a bank account and verifies the venue through the sandbox's verification page: card payments on. */
export async function enableCardPayments(t: TestServer, owner: Caller) {
  const added = await owner.post('/api/private/bank-accounts', US_BANK);
  expect(added.statusCode, added.body).toBe(201);
  const link = await owner.post('/api/private/sandbox/onboard-link', { returnUrl: 'http://localhost:3000/settings/bank-accounts' });
  expect(link.statusCode, link.body).toBe(200);
  const verified = await t.request('POST', pathOf(link.json<{ url: string }>().url), form({}));
  expect(verified.statusCode, verified.body).toBe(303);
  const info = (await owner.get('/api/private/payments')).json<PaymentsInfo>();
  expect(info).toMatchObject({ provider: 'sandbox', status: 'active', isPaymentsEnabled: true });
}

/** Pays a sandbox checkout page with a card number: the answer is the page's (303 to the success URL when paid). */
export function payWithCard(t: TestServer, checkoutUrl: string, cardNumber: string) {
  return t.request('POST', pathOf(checkoutUrl), form({ cardNumber, expiry: '12/40', cvc: '123' }));
}

/** Answers the extra confirmation step as its page's buttons do: with the page's hidden fields (`confirmPage`, the card's Pay answer). */
export function authenticate(t: TestServer, checkoutUrl: string, outcome: 'complete' | 'fail', confirmPage: { body: string }) {
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(confirmPage.body)?.[1] ?? '';
  return t.request('POST', `${pathOf(checkoutUrl)}/authenticate`, form({ outcome, last4: hidden('last4'), token: hidden('token') }));
}

/** Opens the card checkout of an amount of a booking (staff's Collect → Card): the hosted page's URL. */
export async function openCardCheckout(staff: Caller, bookingId: string, amount: number): Promise<string> {
  const opened = await staff.post(`/api/private/booking/${bookingId}/checkout`, { amount, paymentMethod: 'card' });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json<{ url: string }>().url;
}

/** Waits until the card-refunds job has sent every pending refund of the booking and the provider answered. */
export async function waitForCardRefunds(t: TestServer, bookingId: string) {
  await vi.waitFor(
    async () => {
      const rows = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
      expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    },
    { timeout: 20_000, interval: 100 },
  );
}
