import { describe, expect, it } from 'vitest';
import { bookingEventSchema, logTypeOf, renderBookingEvent, type BookingEvent, type BookingEventFormat } from './booking-events.js';

const US: BookingEventFormat = { moneyFormat: '${{amount}}', timezone: 'America/New_York', timeFormat: 12, dateFormat: 'MM/DD/YY' };
const EU: BookingEventFormat = { moneyFormat: '{{amount}} €', timezone: 'Europe/Paris', timeFormat: 24, dateFormat: 'YYYY-MM-DD' };
// 10:00 to 12:00 in New York, 16:00 to 18:00 in Paris.
const span = { startsAt: '2026-12-24T15:00:00.000Z', endsAt: '2026-12-24T17:00:00.000Z' };
const later = { startsAt: '2026-12-24T16:00:00.000Z', endsAt: '2026-12-24T17:00:00.000Z' };

/** Each event, and its sentence as the server wrote it before events, in a US and a European venue. */
const CASES: [BookingEvent, string, string][] = [
  [{ type: 'created', source: 'online', players: 4 }, 'Booking created online for 4 players', 'Booking created online for 4 players'],
  [{ type: 'created', source: 'phone', players: 2 }, 'Booking created by phone for 2 players', 'Booking created by phone for 2 players'],
  [
    { type: 'created', source: 'walk_in', players: 1 },
    'Booking created as a walk-in for 1 players',
    'Booking created as a walk-in for 1 players',
  ],
  [{ type: 'canceled', reason: null }, 'Booking canceled', 'Booking canceled'],
  [{ type: 'canceled', reason: 'Rain' }, 'Booking canceled: Rain', 'Booking canceled: Rain'],
  [
    { type: 'abandoned', minutes: 30 },
    'Abandoned: not paid within 30 minutes; the lanes are free again',
    'Abandoned: not paid within 30 minutes; the lanes are free again',
  ],
  [{ type: 'presence', presence: 'fully' }, 'Presence: Checked In', 'Presence: Checked In'],
  [{ type: 'presence', presence: 'not_expected' }, 'Presence: —', 'Presence: —'],
  [{ type: 'saved', saved: true }, 'Saved', 'Saved'],
  [{ type: 'saved', saved: false }, 'No longer saved', 'No longer saved'],
  [{ type: 'note', text: 'Birthday party' }, 'Birthday party', 'Birthday party'],
  [{ type: 'legacy', text: 'Anything old' }, 'Anything old', 'Anything old'],
  [{ type: 'changed', changes: [] }, 'Saved without changes', 'Saved without changes'],
  [
    {
      type: 'changed',
      changes: [
        { change: 'moved', from: { ...span, lanes: ['L1'] }, to: { ...later, lanes: ['L1', 'L2'] } },
        { change: 'players', from: 4, to: 6 },
        { change: 'extras', from: [], to: [{ quantity: 2, name: 'Drinks' }] },
        { change: 'customPrice', from: null, to: 5000 },
        { change: 'total', from: 8000, to: 123450 },
        { change: 'status', from: 'wait_for_payment', to: 'paid' },
        { change: 'personalInfo', fields: ['firstName', 'phone'] },
        { change: 'customFields', labels: ['T-shirt size'] },
      ],
    },
    'Moved from 12/24/26 10:00 AM–12:00 PM, L1 to 12/24/26 11:00 AM–12:00 PM, L1, L2; Players 4 → 6; Extras none → 2 × Drinks; ' +
      'Custom price none → $50.00; Total $80.00 → $1,234.50; Status Wait For Payment → Paid; Personal info changed: first name, phone; ' +
      'Custom fields changed: T-shirt size',
    'Moved from 2026-12-24 16:00–18:00, L1 to 2026-12-24 17:00–18:00, L1, L2; Players 4 → 6; Extras none → 2 × Drinks; ' +
      'Custom price none → 50.00 €; Total 80.00 € → 1,234.50 €; Status Wait For Payment → Paid; Personal info changed: first name, phone; ' +
      'Custom fields changed: T-shirt size',
  ],
  [
    {
      type: 'changed',
      changes: [{ change: 'time', from: { ...span, lanes: ['L1'] }, to: { ...span, endsAt: later.startsAt, lanes: ['L1'] } }],
    },
    'Time 12/24/26 10:00 AM–12:00 PM, L1 → 12/24/26 10:00 AM–11:00 AM, L1',
    'Time 2026-12-24 16:00–18:00, L1 → 2026-12-24 16:00–17:00, L1',
  ],
  [{ type: 'changed', changes: [{ change: 'lanes', from: ['L1'], to: ['L2', 'L3'] }] }, 'Lanes L1 → L2, L3', 'Lanes L1 → L2, L3'],
  [
    { type: 'movedByCustomer', from: span, to: later, total: null },
    'Moved by the customer from 12/24/26 10:00 AM–12:00 PM to 12/24/26 11:00 AM–12:00 PM',
    'Moved by the customer from 2026-12-24 16:00–18:00 to 2026-12-24 17:00–18:00',
  ],
  [
    { type: 'movedByCustomer', from: span, to: later, total: 4000 },
    'Moved by the customer from 12/24/26 10:00 AM–12:00 PM to 12/24/26 11:00 AM–12:00 PM; total $40.00',
    'Moved by the customer from 2026-12-24 16:00–18:00 to 2026-12-24 17:00–18:00; total 40.00 €',
  ],
  [{ type: 'paymentCollected', amount: 5000, method: 'Cash' }, 'Collected $50.00 by Cash', 'Collected 50.00 € by Cash'],
  [{ type: 'giftCardPaid', amount: 2500, last4: 'B6DF' }, 'Paid $25.00 by gift card ••••B6DF', 'Paid 25.00 € by gift card ••••B6DF'],
  [{ type: 'cardPaymentReceived', amount: 8000 }, 'Card payment of $80.00 received', 'Card payment of 80.00 € received'],
  [
    {
      type: 'refunded',
      parts: [
        { amount: 3000, method: 'POS' },
        { amount: 1000, method: 'Cash' },
      ],
      keptDepositToo: false,
      overpayment: false,
    },
    'Refunded $30.00 to POS, $10.00 to Cash',
    'Refunded 30.00 € to POS, 10.00 € to Cash',
  ],
  [
    { type: 'refunded', parts: [{ amount: 2000, method: 'Card' }], keptDepositToo: true, overpayment: true },
    'Refunded overpayment: $20.00 to Card (the kept deposit too)',
    'Refunded overpayment: 20.00 € to Card (the kept deposit too)',
  ],
  [
    { type: 'priceLowered', amount: 500, total: 7500 },
    'Price lowered by $5.00 to $75.00 with the refund',
    'Price lowered by 5.00 € to 75.00 € with the refund',
  ],
  [
    { type: 'cardRefundAtProvider', amount: 1000 },
    'Card refund of $10.00 made at the payment provider',
    'Card refund of 10.00 € made at the payment provider',
  ],
  [{ type: 'cardRefundRetried', amount: 1000 }, 'Retried the card refund of $10.00', 'Retried the card refund of 10.00 €'],
  [
    { type: 'cardRefundFailed', amount: 1000, failure: 'card expired' },
    'Card refund of $10.00 failed: card expired',
    'Card refund of 10.00 € failed: card expired',
  ],
  [
    { type: 'customerRefundNotMade', amount: 1000, reason: 'refund it at Stripe' },
    'Refund of $10.00 to the customer not made: refund it at Stripe',
    'Refund of 10.00 € to the customer not made: refund it at Stripe',
  ],
  [{ type: 'waiverSigned', signer: 'Ada Lovelace' }, 'Waiver signed by Ada Lovelace', 'Waiver signed by Ada Lovelace'],
  [{ type: 'signatureDeleted', signer: 'Ada Lovelace' }, 'Signature of Ada Lovelace deleted', 'Signature of Ada Lovelace deleted'],
  [
    { type: 'mail', mail: 'staff', subject: 'Hello', to: 'guest@example.test', delivery: 'stored', error: null },
    'Mail "Hello" to guest@example.test: kept in the outbox (no mail server)',
    'Mail "Hello" to guest@example.test: kept in the outbox (no mail server)',
  ],
  [
    { type: 'mail', mail: 'reminder', subject: 'See you', to: 'a@example.test', delivery: 'sent', error: null },
    'Reminder mail "See you" to a@example.test: sent',
    'Reminder mail "See you" to a@example.test: sent',
  ],
  [
    { type: 'mail', mail: 'receipt', subject: 'Refund', to: 'a@example.test', delivery: 'failed', error: '550 no such user' },
    'Refund receipt mail "Refund" to a@example.test: not delivered: 550 no such user',
    'Refund receipt mail "Refund" to a@example.test: not delivered: 550 no such user',
  ],
  [
    { type: 'mail', mail: 'change', subject: 'Moved', to: 'a@example.test', delivery: 'deferred', error: '421 try later' },
    'Change mail "Moved" to a@example.test: not delivered yet, tried again later',
    'Change mail "Moved" to a@example.test: not delivered yet, tried again later',
  ],
  [
    { type: 'mailNotRendered', mail: 'abandoned', to: 'a@example.test' },
    'Abandoned booking mail to a@example.test not sent: its template does not render',
    'Abandoned booking mail to a@example.test not sent: its template does not render',
  ],
];

describe('renderBookingEvent (the booking log sentences, decision 044)', () => {
  it.each(CASES)('%j reads as before, in a US and a European venue', (event, us, eu) => {
    expect(bookingEventSchema.parse(event)).toEqual(event);
    expect(renderBookingEvent(event, US)).toBe(us);
    expect(renderBookingEvent(event, EU)).toBe(eu);
  });

  it('covers every event type', () => {
    const types = new Set(CASES.map(([event]) => event.type));
    expect([...types].sort()).toEqual(bookingEventSchema.options.map((option) => option.shape.type.value).sort());
  });

  it('gives each event the log type its entry was written with before', () => {
    const typeOf = (event: BookingEvent) => logTypeOf(event);
    expect(typeOf({ type: 'created', source: 'online', players: 1 })).toBe('create');
    expect(typeOf({ type: 'note', text: 'x' })).toBe('custom');
    expect(typeOf({ type: 'presence', presence: 'no' })).toBe('update');
    expect(typeOf({ type: 'mail', mail: 'staff', subject: 's', to: 't', delivery: 'failed', error: 'e' })).toBe('warning');
    expect(typeOf({ type: 'mail', mail: 'staff', subject: 's', to: 't', delivery: 'sent', error: null })).toBe('custom');
    expect(typeOf({ type: 'cardRefundFailed', amount: 1, failure: 'f' })).toBe('warning');
    expect(typeOf({ type: 'refunded', parts: [], keptDepositToo: false, overpayment: false })).toBe('refund');
  });

  it('refuses an event that is not one of them', () => {
    expect(bookingEventSchema.safeParse({ type: 'created', source: 'fax', players: 1 }).success).toBe(false);
    expect(bookingEventSchema.safeParse({ type: 'unknown' }).success).toBe(false);
  });
});
