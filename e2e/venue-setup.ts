import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, bookableProduct } from './support.js';

/**
 * The required items of a new venue's setup checklist, done through the API as its owner
 * (docs/decisions/035-going-live-alone.md): details, a lane and an active product on it with
 * slots ahead, and payment at the venue. The venue may then ask to go live.
 */
export async function completeRequiredSetup(page: Page, venueId: string, stamp: string) {
  const details = await apiAs(page, 'PATCH', '/api/private/venues/current', { address: '1 Main Street', phone: '+15555550100' }, venueId);
  expect(details.status, JSON.stringify(details.body)).toBe(200);
  const product = await bookableProduct(page, venueId, stamp);
  const payments = await apiAs(page, 'PUT', '/api/private/venue/setup/pay-at-venue', { payAtVenue: true }, venueId);
  expect(payments.status, JSON.stringify(payments.body)).toBe(200);
  expect(payments.body.missing).toEqual([]);
  return product;
}
