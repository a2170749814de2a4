import { expect } from 'vitest';
import { addDays, venueToday } from '@lanebook/core';
import type { Caller } from './server.js';

/**
 * Takes a new venue through the required items of its setup checklist by the API, as an owner
 * would (docs/decisions/035-going-live-alone.md): details, a lane, a product on it made active, a
 * slot tomorrow, and payment at the venue. The venue may then ask to go live.
 */
export async function completeRequiredSetup(owner: Caller, timeZone = 'America/New_York') {
  const ok = async (response: Promise<{ statusCode: number; body: string; json: <T>() => T }>, status = 200) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer;
  };
  await ok(owner.patch('/api/private/venues/current', { address: '1 Main Street, Springfield', phone: '+15555550100' }));
  await ok(owner.post('/api/private/resources', { id: 'Lane 1' }), 201);
  const product = (await ok(owner.post('/api/private/products', { name: 'Axe throwing', resources: ['Lane 1'] }), 201)).json<{
    id: string;
  }>();
  await ok(owner.post(`/api/private/products/${product.id}/resume`));
  await ok(
    owner.post(`/api/private/product/${product.id}/slot`, { date: addDays(venueToday(timeZone), 1), from: '10:00', to: '11:00' }),
    201,
  );
  await ok(owner.put('/api/private/venue/setup/pay-at-venue', { payAtVenue: true }));
  return { productId: product.id };
}
