import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMoneyStep,
  bookingMoney,
  isLiveStatus,
  MoneyStepRefused,
  overpaymentToRefund,
  statusFromLedger,
  type LedgerState,
  type MoneyStep,
} from './booking-money.js';

const cents = fc.integer({ min: 1, max: 20_000 });
const step: fc.Arbitrary<MoneyStep> = fc.oneof(
  cents.map((amount) => ({ kind: 'collect' as const, amount })),
  cents.map((amount) => ({ kind: 'card' as const, amount })),
  fc.record({ kind: fc.constant('refund' as const), amount: cents, lowerPrice: fc.boolean() }),
  // A move to a dearer or cheaper slot, or a price change by staff; customer moves give back the overpaid.
  fc.record({ kind: fc.constant('reprice' as const), total: fc.integer({ min: 0, max: 20_000 }), refundOverpaid: fc.boolean() }),
  fc.integer({ min: 0, max: 20_000 }).map((refund) => ({ kind: 'cancel' as const, refund })),
);

/** The rule as the issue states it, written out again independently of bookingMoney. */
function expectTheRule(state: LedgerState) {
  const money = bookingMoney(state);
  const net = state.paid - state.refunded;
  expect(state.refunded).toBeLessThanOrEqual(state.paid);
  expect(state.refunded).toBeGreaterThanOrEqual(0);
  expect(money.netPaid).toBe(net);
  if (isLiveStatus(state.status)) {
    expect(money.due).toBe(Math.max(0, state.total - net));
    expect(money.overpaid).toBe(Math.max(0, net - state.total));
    expect(money.kept).toBe(0);
    // Paid exactly when nothing is due; else waiting for payment.
    expect(state.status).toBe(money.due === 0 ? 'paid' : 'wait_for_payment');
    if (net > 0 && net < state.total) expect(money.label).toBe('Part paid');
  } else {
    expect(money.due).toBe(0);
    expect(money.overpaid).toBe(0);
    expect(money.kept).toBe(net);
  }
}

describe('the money rule (booking-money.ts)', () => {
  it('after any sequence of payments, refunds, price changes and a cancel, refunded <= paid, due and overpaid follow the formulas and the status follows the ledger', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.array(step, { maxLength: 30 }), (total, steps) => {
        let state: LedgerState = { status: total === 0 ? 'paid' : 'wait_for_payment', total, paid: 0, refunded: 0 };
        expectTheRule(state);
        for (const next of steps) {
          const before = state;
          try {
            state = applyMoneyStep(state, next);
          } catch (error) {
            // A refused step changes nothing, as the server answers 4xx and writes nothing.
            expect(error).toBeInstanceOf(MoneyStepRefused);
            continue;
          }
          expectTheRule(state);
          // A card payment that arrives when nothing is due goes back at once: it overpays nothing, and a
          // canceled booking keeps no more than it did.
          if (next.kind === 'card') {
            expect(bookingMoney(state).overpaid).toBeLessThanOrEqual(bookingMoney(before).overpaid);
            expect(bookingMoney(state).kept).toBe(bookingMoney(before).kept);
          }
          // A customer's move to a cheaper time gives the difference back.
          if (next.kind === 'reprice' && next.refundOverpaid) expect(bookingMoney(state).overpaid).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a refund that leaves something due puts a paid booking back to waiting; lowering the price keeps it paid', () => {
    const paid: LedgerState = { status: 'paid', total: 5444, paid: 5444, refunded: 0 };
    const owed = applyMoneyStep(paid, { kind: 'refund', amount: 1000 });
    expect(owed).toMatchObject({ status: 'wait_for_payment', total: 5444 });
    expect(bookingMoney(owed)).toMatchObject({ due: 1000, label: 'Part paid' });
    const discounted = applyMoneyStep(paid, { kind: 'refund', amount: 1000, lowerPrice: true });
    expect(discounted).toMatchObject({ status: 'paid', total: 4444 });
    expect(bookingMoney(discounted)).toMatchObject({ due: 0, label: 'Paid' });
  });

  it('a canceled booking owes nothing: what it holds is kept and offered for refund; refunded in full it reads Refunded', () => {
    const canceled: LedgerState = { status: 'canceled', total: 5444, paid: 5444, refunded: 0 };
    expect(bookingMoney(canceled)).toEqual({ netPaid: 5444, due: 0, overpaid: 0, kept: 5444, label: 'Kept' });
    expect(bookingMoney({ ...canceled, refunded: 5444 })).toEqual({ netPaid: 0, due: 0, overpaid: 0, kept: 0, label: 'Refunded' });
    expect(bookingMoney({ ...canceled, paid: 0 })).toMatchObject({ due: 0, label: 'Unpaid' });
    // A card payment after the cancellation goes back whole; what was kept before stays kept.
    expect(overpaymentToRefund({ ...canceled, paid: 5444 + 2000 }, 2000)).toBe(2000);
  });

  it('two checkouts paid for one booking: the second goes back', () => {
    let state: LedgerState = { status: 'wait_for_payment', total: 5444, paid: 0, refunded: 0 };
    state = applyMoneyStep(state, { kind: 'card', amount: 5444 });
    state = applyMoneyStep(state, { kind: 'card', amount: 5444 });
    expect(state).toEqual({ status: 'paid', total: 5444, paid: 10_888, refunded: 5444 });
  });

  it('labels', () => {
    const live = (total: number, paid: number, refunded = 0) =>
      bookingMoney({ status: statusFromLedger({ status: 'wait_for_payment', total, paid, refunded }), total, paid, refunded }).label;
    expect(live(5000, 0)).toBe('Unpaid');
    expect(live(5000, 2000)).toBe('Part paid');
    expect(live(5000, 5000)).toBe('Paid');
    expect(live(5000, 6000)).toBe('Overpaid');
    expect(live(5000, 5000, 5000)).toBe('Refunded');
    expect(live(0, 0)).toBe('No charge');
  });
});
