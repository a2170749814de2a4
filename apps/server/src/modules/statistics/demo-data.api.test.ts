import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays, venueToday } from '@lanebook/core';
import type { CashUp } from '@lanebook/core/statistics-schemas';
import { bookings } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';

/** The demo a fresh install shows (issue 34, decision 038): an evening at the desk today, figures on the dashboard and the cash-up. */

const ZONE = 'America/New_York';

describeEachDatabase('the demo venue on a fresh install', (t) => {
  it('has bookings today and in the coming days, made relative to the day it was made, and past ones with money', async () => {
    const today = venueToday(ZONE);
    const rows = await t.db
      .select({ date: bookings.date, status: bookings.status, presence: bookings.presenceStatus })
      .from(bookings)
      .where(eq(bookings.venueId, 'demo-axe'));
    const on = (date: string) => rows.filter((row) => row.date === date && row.status !== 'abandoned');
    expect(on(today).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.date! > today).length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.date! < today).length).toBeGreaterThan(3);
    const evening = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venueId, 'demo-axe'), eq(bookings.date, today)));
    // Tonight's groups come at 17:00 or later.
    for (const row of evening.filter((booking) => booking.startsAt.getTime() <= Date.now()))
      expect(row.status === 'paid' || row.status === 'canceled').toBe(true);
  });

  it('its money was taken by its desk members: the cash-up names them, and the dashboard has figures for the past days', async () => {
    const owner = await t.as('owner@demo.test', 'demo-axe');
    const today = venueToday(ZONE);
    const response = await owner.get('/api/private/cash-up', { query: { from: addDays(today, -14), to: today } });
    expect(response.statusCode, response.body).toBe(200);
    const cashUp = response.json<CashUp>();
    const names = cashUp.byStaff.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Marcus Manager', 'Sam Staff']));
    for (const row of cashUp.byStaff.filter((staff) => staff.name !== 'Online')) expect(row.userId).toBeTruthy();
    expect(cashUp.expectedCash).toBeGreaterThan(0);
    const todays = (await owner.get('/api/private/cash-up')).json<CashUp>();
    expect(todays.byMethod.reduce((sum, row) => sum + row.payments, 0)).toBeGreaterThan(0);
  });

  it('its owners are not offered the guided set-up: the demo venues are set up already', async () => {
    for (const email of ['owner@demo.test', 'bowl-owner@demo.test']) {
      const caller = await t.as(email);
      expect((await caller.get('/api/private/onboarding')).json(), email).toEqual({ currentStep: -1, isFinished: true });
    }
  });
});
