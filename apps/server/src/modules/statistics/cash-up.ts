import { addDays } from '@lanebook/core';
import { startOfDay, type CashUp } from '@lanebook/core/statistics-schemas';
import type { Db } from '../../db/client.js';
import { peopleAmong } from '../accounts/service.js';
import { moneyTakenBetween } from '../bookings/cash-up.js';
import { giftCardSalesBetween } from '../gift-cards/service.js';
import { csvCell } from '../../platform/csv.js';

/**
 * The day-end cash-up (decision 038): what was taken and given back in a period of venue dates, by
 * method and by who took it, and the cash the drawer should hold; gift cards sold count as money
 * taken, their redemptions do not (decision 045).
 */

/** The names the ledger keeps for money that no member took: the customer paying online and the provider's reports. */
const ONLINE_TAKERS = new Set(['Customer', 'Payment provider']);
export const ONLINE_NAME = 'Online';
/** The venue's cash method, however its name is written (the dashboard's breakdown counts it the same way). */
const isCash = (method: string) => method.trim().toLowerCase() === 'cash';

type Sums = { payments: number; refunds: number; net: number };
const add = (sums: Sums, payments: number, refunds: number) => {
  sums.payments += payments;
  sums.refunds += refunds;
  sums.net += payments - refunds;
};

export async function cashUpOf(db: Db, venueId: string, timeZone: string, period: { from: string; to: string }): Promise<CashUp> {
  const start = startOfDay(period.from, timeZone);
  const end = startOfDay(addDays(period.to, 1), timeZone);
  // Bookings' money and gift cards sold (decision 045): a card sold for cash is in the drawer too.
  const [taken, sales] = await Promise.all([moneyTakenBetween(db, venueId, start, end), giftCardSalesBetween(db, venueId, start, end)]);
  const rows = [...taken, ...sales];
  const memberIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const names = new Map((await peopleAmong(db, memberIds)).map((person) => [person.id, person.name || person.email]));

  const byMethod = new Map<string, { method: string } & Sums>();
  const byStaff = new Map<string, { userId: string | null; name: string } & Sums>();
  for (const row of rows) {
    const method = byMethod.get(row.method) ?? { method: row.method, payments: 0, refunds: 0, net: 0 };
    add(method, row.payments, row.refunds);
    byMethod.set(row.method, method);
    // A member by id (under their present name); money no member took is Online; older rows whose taker was not found, by the name kept.
    const online = !row.userId && ONLINE_TAKERS.has(row.userName);
    const key = row.userId ? `id:${row.userId}` : online ? 'online' : `name:${row.userName}`;
    const name = row.userId ? (names.get(row.userId) ?? row.userName) : online ? ONLINE_NAME : row.userName;
    const staff = byStaff.get(key) ?? { userId: row.userId, name, payments: 0, refunds: 0, net: 0 };
    add(staff, row.payments, row.refunds);
    byStaff.set(key, staff);
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return {
    ...period,
    byMethod: [...byMethod.values()].sort((a, b) => a.method.localeCompare(b.method)),
    // Members by name, then Online.
    byStaff: [...byStaff.values()].sort(
      (a, b) => Number(a.name === ONLINE_NAME && !a.userId) - Number(b.name === ONLINE_NAME && !b.userId) || byName(a, b),
    ),
    expectedCash: [...byMethod.values()].filter((row) => isCash(row.method)).reduce((sum, row) => sum + row.net, 0),
  };
}

const CSV_COLUMNS = ['Group', 'Name', 'Payments', 'Refunds', 'Net'];
/** Amounts as numbers a spreadsheet adds up; text through csvCell (formulas neutralized). */
const line = (cells: (string | number)[]) =>
  `${cells.map((cell) => (typeof cell === 'number' ? (cell / 100).toFixed(2) : csvCell(cell))).join(',')}\r\n`;

/** The cash-up as CSV: a row per method, a row per member (and Online), then the expected cash. */
export function cashUpCsv(cashUp: CashUp): string {
  return (
    '\uFEFF' +
    line(CSV_COLUMNS) +
    cashUp.byMethod.map((row) => line(['Method', row.method, row.payments, row.refunds, row.net])).join('') +
    cashUp.byStaff.map((row) => line(['Staff', row.name, row.payments, row.refunds, row.net])).join('') +
    line(['Expected cash', '', '', '', cashUp.expectedCash])
  );
}

export const cashUpFileName = (cashUp: CashUp) => `cash-up-${cashUp.from}-${cashUp.to}.csv`;
