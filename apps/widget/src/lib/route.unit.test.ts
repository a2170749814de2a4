import { describe, expect, it } from 'vitest';
import { affiliateOf, giftCardReturnUrlOf, routeOf, returnUrlOf } from './route';
import { errorOf } from './api';
import { priceQuery } from './calls';

describe('the widget addresses', () => {
  it('reads the flow, the checkout return, the booking page and the signing page', () => {
    expect(routeOf('/widget/', '?venue=demo-axe&template=t1&frame=2')).toEqual({
      page: 'flow',
      venueId: 'demo-axe',
      templateId: 't1',
      frame: '2',
      paidBooking: null,
      visitId: null,
      affiliateId: null,
      view: 'flow',
      giftCardOrder: null,
      checkoutCanceled: false,
    });
    expect(routeOf('/widget/', '?venue=v&booking=REF1&paid=1&visit=x')).toMatchObject({ page: 'flow', paidBooking: 'REF1', visitId: 'x' });
    expect(routeOf('/widget/booking/AbC123', '')).toEqual({ page: 'manage', reference: 'AbC123' });
    expect(routeOf('/widget/booking/AbC123/sign', '')).toEqual({ page: 'sign', reference: 'AbC123' });
    expect(routeOf('/widget/sign/3f9c2a7be81d4c6f90a1b2c3d4e5f607', '')).toEqual({
      page: 'signing',
      token: '3f9c2a7be81d4c6f90a1b2c3d4e5f607',
    });
    expect(routeOf('/widget/sign/a/b', '')).toEqual({ page: 'missing' });
    expect(routeOf('/widget/', '')).toEqual({ page: 'missing' });
    expect(routeOf('/widget/other', '?venue=v')).toEqual({ page: 'missing' });
  });

  it("reads a tracked link's affiliate, leaving out one the API would refuse rather than failing the widget", () => {
    expect(routeOf('/widget/', '?venue=v&affiliate=aff-1')).toMatchObject({ page: 'flow', affiliateId: 'aff-1' });
    expect(routeOf('/widget/', '?venue=v&affiliate=%20aff-2%20')).toMatchObject({ affiliateId: 'aff-2' });
    expect(routeOf('/widget/', '?venue=v&affiliate=')).toMatchObject({ affiliateId: null });
    expect(routeOf('/widget/', `?venue=v&affiliate=${'x'.repeat(101)}`)).toMatchObject({ affiliateId: null });
    expect(affiliateOf('   ')).toBeNull();
    expect(affiliateOf('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it("builds the checkout's return to this same widget", () => {
    const url = returnUrlOf('https://lanebook.test', { venueId: 'demo axe', templateId: null, frame: '1' }, 'REF1', 'visit-9');
    expect(url).toBe('https://lanebook.test/widget/?venue=demo+axe&frame=1&booking=REF1&paid=1&visit=visit-9');
    expect(routeOf(new URL(url).pathname, new URL(url).search)).toMatchObject({ page: 'flow', venueId: 'demo axe', paidBooking: 'REF1' });
  });

  it('opens the gift cards (data-view), and reads the return from a gift card checkout', () => {
    expect(routeOf('/widget/', '?venue=v&view=gift-cards')).toMatchObject({ page: 'flow', view: 'gift-cards', giftCardOrder: null });
    expect(routeOf('/widget/', '?venue=v&view=other')).toMatchObject({ view: 'flow' });
    const back = giftCardReturnUrlOf('https://lanebook.test', { venueId: 'demo-axe', templateId: 't1', frame: '2' });
    expect(back).toBe('https://lanebook.test/widget/?venue=demo-axe&template=t1&frame=2&view=gift-cards');
    // The server adds the order, and paid=0 when the buyer gives up.
    const paid = new URL(back);
    paid.searchParams.set('giftCardOrder', 'order-1');
    expect(routeOf(paid.pathname, paid.search)).toMatchObject({ view: 'gift-cards', giftCardOrder: 'order-1', checkoutCanceled: false });
    paid.searchParams.set('paid', '0');
    expect(routeOf(paid.pathname, paid.search)).toMatchObject({ view: 'gift-cards', giftCardOrder: null, checkoutCanceled: true });
  });
});

describe('the API client', () => {
  it('asks the price with slots as a list and upsells as id:quantity pairs', () => {
    const q = priceQuery({ productId: 'p', slots: ['s1', 's2'], playersCount: 4, promocode: ' SAVE10 ', upsellItems: { u1: 2, u2: 0 } });
    const params = new URLSearchParams(q.slice(1));
    expect(params.get('slots')).toBe('s1,s2');
    expect(params.get('playersCount')).toBe('4');
    expect(params.get('promocode')).toBe('SAVE10');
    expect(params.get('upsellItems')).toBe('u1:2');
    expect(new URLSearchParams(priceQuery({ productId: 'p', slots: ['s1'], playersCount: 1 }).slice(1)).has('promocode')).toBe(false);
    expect(new URLSearchParams(priceQuery({ productId: 'p', slots: ['s1'], playersCount: 1 }).slice(1)).has('affiliateId')).toBe(false);
    expect(
      new URLSearchParams(priceQuery({ productId: 'p', slots: ['s1'], playersCount: 1, affiliateId: 'aff-1' }).slice(1)).get('affiliateId'),
    ).toBe('aff-1');
  });

  it('reads the one error shape, and falls back when the body is not it', () => {
    const error = errorOf(400, {
      message: 'Invalid',
      code: 'validation',
      details: { fields: [{ path: 'promocode', message: 'Unknown code' }] },
    });
    expect(error.message).toBe('Invalid');
    expect(error.fields).toEqual([{ path: 'promocode', message: 'Unknown code' }]);
    expect(errorOf(409, { message: 'Taken', code: 'slot_unavailable' }).code).toBe('slot_unavailable');
    expect(errorOf(502, undefined).message).toBe('Internal server error. Try again later.');
  });
});
