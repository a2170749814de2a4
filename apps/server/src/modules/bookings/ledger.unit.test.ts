import { describe, expect, it } from 'vitest';
import { keptDepositOf, paymentsOf, spreadRefund, sumsOf, type LedgerRow } from './ledger.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
const payment = (id: string, amount: number, minute: number, method = 'Cash'): LedgerRow => ({
  id,
  kind: 'payment',
  amount,
  method,
  refundOf: null,
  providerPaymentId: null,
  createdAt: at(minute),
});
const refund = (id: string, of: string, amount: number, minute: number): LedgerRow => ({
  id,
  kind: 'refund',
  amount,
  method: 'Cash',
  refundOf: of,
  providerPaymentId: null,
  createdAt: at(minute),
});

describe('the payments ledger', () => {
  const rows = [payment('p1', 3000, 0), payment('p2', 2000, 5, 'POS'), refund('r1', 'p2', 500, 10)];

  it('shows each payment with what was refunded of it, oldest first', () => {
    expect(paymentsOf(rows).map((p) => [p.id, p.paid, p.refunded, p.paymentMethodAlias])).toEqual([
      ['p1', 3000, 0, 'Cash'],
      ['p2', 2000, 500, 'POS'],
    ]);
  });

  it('sums paid and refunded; a refund the provider refused counts for nothing', () => {
    expect(sumsOf(rows)).toEqual({ paid: 5000, refunded: 500 });
    const failed: LedgerRow = { ...rows.find((r) => r.kind === 'refund')!, id: 'r9', status: 'failed' };
    expect(sumsOf([...rows, failed])).toEqual({ paid: 5000, refunded: 500 });
    expect(paymentsOf([...rows, failed]).map((p) => p.refunded)).toEqual([0, 500]);
  });

  it('spreads a refund over the payments newest first, each at most what is left of it', () => {
    const parts = spreadRefund(paymentsOf(rows), 2000)!;
    expect(parts.map((p) => [p.payment.id, p.amount])).toEqual([
      ['p2', 1500],
      ['p1', 500],
    ]);
    expect(spreadRefund(paymentsOf(rows), 4500)!.map((p) => p.amount)).toEqual([1500, 3000]);
  });

  it('refuses a refund above what the payments hold', () => {
    expect(spreadRefund(paymentsOf(rows), 4501)).toBeNull();
    expect(spreadRefund([], 1)).toBeNull();
  });
});

describe('the deposit a no-show keeps (decision 022)', () => {
  const now = at(30);
  const started = { deposit: 2000, presenceStatus: 'no', startsAt: at(0) };
  it('is the deposit once the booking started and nobody checked in', () => {
    expect(keptDepositOf(started, 8000, 0, now)).toBe(2000);
  });
  it('is nothing before the start, once checked in (partly or fully), or without a deposit', () => {
    expect(keptDepositOf({ ...started, startsAt: at(31) }, 8000, 0, now)).toBe(0);
    expect(keptDepositOf({ ...started, presenceStatus: 'partially' }, 8000, 0, now)).toBe(0);
    expect(keptDepositOf({ ...started, presenceStatus: 'fully' }, 8000, 0, now)).toBe(0);
    expect(keptDepositOf({ ...started, deposit: 0 }, 8000, 0, now)).toBe(0);
  });
  it('is at most what the booking still holds', () => {
    expect(keptDepositOf(started, 1500, 0, now)).toBe(1500);
    expect(keptDepositOf(started, 8000, 7000, now)).toBe(1000);
    expect(keptDepositOf(started, 8000, 8000, now)).toBe(0);
  });
});
