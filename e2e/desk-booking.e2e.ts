import { describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { addDays } from '@lanebook/core/calendar';
import { apiAs, atPath, bookableProduct, bookTwoPlayers, productOnOwnLane, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

/** A venue date as the demo venue writes it (its default, MM/DD/YY). */
const venueDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

/** The labels of the chosen slot chips. */
const chosenSlots = (choices: Locator) =>
  choices
    .locator('input:checked')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''));

describe('the desk books and moves (issue 23)', () => {
  test('a move replaces the booking: the same length at the new time, its price before saving, one log line naming it', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    const slot = async (from: string, to: string, extra: object = {}) => {
      const answer = await apiAs(
        page,
        'POST',
        `/api/private/product/${product.productId}/slot`,
        { date: product.date, from, to, ...extra },
        VENUE,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as string;
    };
    const evening = [await slot('17:00', '18:00', { price: 3000 }), await slot('18:00', '19:00')];
    // Two hours, 2 PM to 4 PM, two players at $20 an hour each: $80.
    const bookingId = await bookTwoPlayers(page, VENUE, product, {
      firstName: 'Edsger',
      lastName: `Dijkstra${stamp}`,
      email: `ed.${stamp}@example.test`,
    });

    await page.goto(`/bookings/${bookingId}/edit`);
    const choices = page.getByTestId('slot-choices');
    await visible(choices);
    // The venue's formats: 12-hour times, its date format in the date field.
    expect(await chosenSlots(choices)).toEqual(['2:00 PM–3:00 PM · 0 free', '3:00 PM–4:00 PM · 0 free']);
    expect(await page.getByRole('textbox', { name: /^Date/ }).inputValue()).toBe(venueDate(product.date));
    await screenshot(page, 'desk-booking-edit-12-hour');

    // Choosing 5 PM moves the whole booking there: two hours from 5 PM, nothing kept at 2 PM.
    await choices.getByText('5:00 PM–6:00 PM', { exact: false }).click();
    await visible(page.getByTestId('booking-move'));
    expect(await chosenSlots(choices)).toEqual(['5:00 PM–6:00 PM · 1 free', '6:00 PM–7:00 PM · 1 free']);
    const day = venueDate(product.date);
    const move = `${day} 2:00 PM–4:00 PM, ${product.lane} to ${day} 5:00 PM–7:00 PM, ${product.lane}`;
    expect(await page.getByTestId('booking-move').textContent()).toBe(`Moves from ${move}`);
    // The price of the move, before saving: $30 and $20 an hour for two players.
    await visible(page.getByTestId('booking-total').getByText('Total $100.00 (was $80.00)'));
    expect(await page.getByTestId('booking-difference').textContent()).toBe('To collect after the change: $100.00');
    await screenshot(page, 'desk-booking-move-quoted');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();

    await atPath(page, `/bookings/${bookingId}/view`);
    await visible(page.getByTestId('booking-log').getByText(`Moved from ${move}; Total $80.00 → $100.00`));
    const saved = (await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body;
    expect(saved.slotIds).toEqual(evening);
    expect(saved.total).toBe(10_000);
    // One log line for the change, naming nothing else.
    expect(saved.logs.filter((log: { type: string }) => log.type === 'update').map((log: { text: string }) => log.text)).toEqual([
      `Moved from ${move}; Total $80.00 → $100.00`,
    ]);
    await context.close();
  });

  test('a future booking reads "Not arrived"; after the change of players only the players are logged', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    const bookingId = await bookTwoPlayers(page, VENUE, product, {
      firstName: 'Barbara',
      lastName: `Liskov${stamp}`,
      email: `bl.${stamp}@example.test`,
    });

    await page.goto(`/bookings/${bookingId}/view`);
    const presence = page.getByRole('combobox', { name: 'Presence' });
    await visible(presence);
    expect(await presence.inputValue()).toBe('Not arrived');
    expect(await page.getByText('No show', { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await atPath(page, `/bookings/${bookingId}/edit`);
    await page.getByRole('textbox', { name: /^Players/ }).fill('3');
    await visible(page.getByTestId('booking-total').getByText('Total $120.00 (was $80.00)'));
    expect(await page.getByTestId('booking-move').count()).toBe(0);
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await atPath(page, `/bookings/${bookingId}/view`);
    await visible(page.getByTestId('booking-log').getByText('Players 2 → 3; Total $80.00 → $120.00', { exact: true }));
    await context.close();
  });

  test('a link fills in product, time and lane; what the venue does not know is left out with a notice', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);

    const query = new URLSearchParams({ productId: product.productId, slotId: product.slots[1]!, laneId: product.lane });
    await page.goto(`/bookings/create?${query.toString()}`);
    const choices = page.getByTestId('slot-choices');
    await visible(choices);
    expect(await page.getByRole('combobox', { name: /^Product/ }).inputValue()).toBe(product.name);
    expect(await page.getByRole('textbox', { name: /^Date/ }).inputValue()).toBe(venueDate(product.date));
    expect(await chosenSlots(choices)).toEqual(['3:00 PM–4:00 PM · 1 free']);
    // The lane shows as the Lanes field's one choice.
    await visible(page.getByText(product.lane, { exact: true }));
    // Two players (the form's default) for an hour at $20.
    await visible(page.getByTestId('booking-total').getByText('Total $40.00'));
    expect(await page.getByTestId('prefill-notice').count()).toBe(0);
    await screenshot(page, 'desk-booking-prefilled');

    // A slot of another product, and a lane the product does not use: the product stays, the rest is chosen by hand.
    const other = await bookableProduct(page, VENUE, `${stamp}b`);
    await page.goto(`/bookings/create?${new URLSearchParams({ productId: product.productId, slotId: other.slots[0]!, laneId: 'Nope' })}`);
    await visible(page.getByText('The time in the link is not one of this product: choose a start time.'));
    await visible(page.getByText('The lane in the link is not a lane of this product: lanes are chosen automatically.'));
    expect(await page.getByRole('combobox', { name: /^Product/ }).inputValue()).toBe(product.name);
    expect(await chosenSlots(page.getByTestId('slot-choices'))).toEqual([]);

    // Another venue's product (and anything unknown) is ignored: the empty form, never an error page.
    const bowl = await browser.newPage();
    await signIn(bowl.page, 'bowl-owner@demo.test');
    const theirs = (await apiAs(bowl.page, 'GET', '/api/private/products?limit=1', undefined, 'demo-bowl')).body.items[0].id as string;
    await bowl.context.close();
    await page.goto(`/bookings/create?${new URLSearchParams({ productId: theirs, slotId: 'x', laneId: 'y' })}`);
    await visible(page.getByText('The product in the link is not one of this venue: choose a product.'));
    await visible(page.getByRole('heading', { name: 'New booking' }));
    expect(await page.getByRole('combobox', { name: /^Product/ }).inputValue()).toBe('');
    await context.close();
  });
});

/** "Sat 3 Dec": how the check-in question names another day's booking. */
const shortDay = (iso: string) => {
  const noon = new Date(`${iso}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(noon);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
};

describe("the desk's evening (issue 34)", () => {
  test('a walk-in with no details goes straight to collecting; cash tendered shows the change to give', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    const query = new URLSearchParams({ productId: product.productId, slotId: product.slots[0]!, laneId: product.lane });
    await page.goto(`/bookings/create?${query.toString()}`);
    await visible(page.getByTestId('booking-total').getByText('Total $40.00'));
    await page.getByRole('checkbox', { name: 'Walk-in' }).check();
    // No email: nothing to confirm by mail, and the form says so.
    await visible(page.getByText('No email given: nothing is mailed'));
    expect(await page.getByRole('checkbox', { name: 'Send confirmation email' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Create booking', exact: true }).click();

    await atPath(page, /\/bookings\/[^/]+\/checkout$/);
    const bookingId = new URL(page.url()).pathname.split('/')[2]!;
    const method = page.getByRole('combobox', { name: /^Payment method/ });
    await visible(method);
    await method.click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    expect(await page.getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe('$40.00');
    await page.getByRole('textbox', { name: /^Cash tendered/ }).fill('100');
    await visible(page.getByTestId('change-to-give').getByText('Change to give: $60.00', { exact: true }));
    expect(await page.getByText(/is due/).count()).toBe(0);
    await screenshot(page, 'desk-walk-in-change');
    await page.getByRole('button', { name: 'Collect $40.00', exact: true }).click();
    await visible(page.getByText('Paid in full. Change to give: $60.00'));
    await atPath(page, `/bookings/${bookingId}/view`);
    const saved = (await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body;
    expect(saved).toMatchObject({ source: 'walk_in', status: 'paid', reservationInfo: { firstName: 'Walk-in', email: '', phone: '' } });
    await context.close();
  });

  test('staff who may not issue refunds are offered none in the cancel dialog', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'staff@demo.test');
    const owner = await browser.newPage();
    await signIn(owner.page, 'owner@demo.test');
    const product = await bookableProduct(owner.page, VENUE, stamp);
    await owner.context.close();
    const bookingId = await bookTwoPlayers(page, VENUE, product, { firstName: 'Grace', lastName: `Hopper${stamp}`, email: '' });
    const paid = await apiAs(page, 'POST', `/api/private/booking/${bookingId}/checkout`, { amount: 8000, paymentMethod: 'Cash' }, VENUE);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    await page.goto(`/bookings/${bookingId}/view`);
    await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
    await visible(cancel);
    expect(await cancel.getByTestId('cancel-paid').textContent()).toBe('Paid $80.00.');
    await visible(cancel.getByTestId('cancel-no-refund'));
    expect(await cancel.getByText(/Refund all/).count()).toBe(0);
    expect(await cancel.getByText('Refund part').count()).toBe(0);
    await screenshot(page, 'desk-cancel-without-refund');
    await cancel.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await visible(page.getByTestId('booking-status').getByText('Canceled'));
    const saved = (await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body;
    expect(saved).toMatchObject({ status: 'canceled', refunded: 0 });
    await context.close();
  });

  test("checking in another day's booking asks first; Sign here now opens the sign-only page in a tab of its own", async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const waiverTitle = `Desk waiver ${stamp}`;
    const { productId, today, addSlot } = await productOnOwnLane(page, VENUE, {
      lane: `Ck lane ${stamp}`,
      name: `E2E Check-in ${stamp}`,
      price: 2000,
      waiverTitle,
    });
    const date = addDays(today, 4);
    const slots = [await addSlot(date, '14:00', '15:00')];
    const bookingId = await bookTwoPlayers(page, VENUE, { productId, slots }, { firstName: 'Alan', lastName: `Kay${stamp}`, email: '' });
    const booking = (await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body;
    await apiAs(page, 'POST', `/api/private/booking/${bookingId}/checkout`, { amount: booking.due, paymentMethod: 'Cash' }, VENUE);

    await page.goto(`/bookings/${bookingId}/view`);
    const presence = page.getByRole('combobox', { name: 'Presence' });
    await visible(presence);
    await presence.click();
    await page.getByRole('option', { name: 'Checked In', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Check in?' });
    await visible(question);
    await visible(question.getByText(`This booking is on ${shortDay(date)}.`, { exact: true }));
    await visible(question.getByText('0 of 2 waivers signed: 2 players have not signed.'));
    const signHere = question.getByRole('link', { name: 'Sign here now' });
    await visible(question.getByRole('button', { name: 'Copy waiver link' }));
    expect(await signHere.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'desk-check-in-other-day');
    const [signing] = await Promise.all([context.waitForEvent('page'), signHere.click()]);
    await signing.waitForLoadState();
    expect(new URL(signing.url()).pathname).toBe(`/widget/sign/${booking.signingToken}`);
    await visible(signing.getByText(waiverTitle).first());
    await signing.close();

    // Closing the question checks no one in.
    await question.getByRole('button', { name: 'Check in anyway' }).waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await presence.inputValue()).toBe('Not arrived');
    expect((await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body.presenceStatus).toBe('no');
    await context.close();
  });
});
