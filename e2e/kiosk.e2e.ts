import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, atPath, drawSignature, productOnOwnLane, signIn, useBrowser, visible } from './support.js';

/**
 * The waiver kiosk (issue 39): a manager adds a kiosk in Settings, the tablet opens its link (the
 * token kept, then gone from the address), finds today's booking by last name and phone's last
 * four, two players sign one after another, and the desk's booking page, open all along, shows
 * 2 of 2 without a reload. Revoked, the tablet says it is not set up.
 */
const browser = useBrowser();
const VENUE = 'demo-axe';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.html.slice(0, 140)}`));
}

/** A booking of two players today on a product of its own whose waiver stays open all day. */
async function bookedToday(page: Page, stamp: string) {
  const waiver = await apiAs(
    page,
    'POST',
    '/api/private/waivers',
    { title: `Kiosk waiver ${stamp}`, intro: 'Read this.', text: '<p>Risks.</p>', cutOffHours: 24 },
    VENUE,
  );
  expect(waiver.status, JSON.stringify(waiver.body)).toBe(201);
  const product = await productOnOwnLane(page, VENUE, { lane: `Ki lane ${stamp}`, name: `E2E Kiosk ${stamp}`, price: 2000, maxPlayers: 8 });
  expect(
    (await apiAs(page, 'PATCH', `/api/private/products/${product.productId}`, { activeWaiverId: waiver.body.id }, VENUE)).status,
  ).toBeLessThan(300);
  const slots = [await product.addSlot(product.today, '14:00', '15:00')];
  const lastName = `Kiosk${stamp}`;
  const created = await apiAs(
    page,
    'POST',
    '/api/private/booking',
    {
      productId: product.productId,
      slots,
      playersCount: 2,
      reservationInfo: { firstName: 'Kim', lastName, email: `kiosk-${stamp}@example.test`, phone: '+15557654321' },
      isConfirmationEmail: false,
    },
    VENUE,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, lastName, productName: product.name };
}

async function signAs(tablet: Page, first: string, last: string) {
  const form = await visible(tablet.getByTestId('signing-form'));
  await form.getByRole('textbox', { name: /^First name/ }).fill(first);
  await form.getByRole('textbox', { name: /^Last name/ }).fill(last);
  await form.getByRole('textbox', { name: /^Email/ }).fill(`${first.toLowerCase()}-${last.toLowerCase()}@example.test`);
  await drawSignature(tablet, tablet.getByTestId('signature-pad'));
  await tablet.getByRole('button', { name: 'Sign waiver', exact: true }).click();
  await visible(tablet.getByRole('heading', { name: 'Thank you — hand the tablet to the next player' }));
}

describe('the waiver kiosk', () => {
  test("a manager adds a kiosk, the tablet finds today's booking, two players sign, the desk sees 2 of 2 live; revoked, the tablet stops", async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const desk = await browser.newPage();
    const manager = await browser.newPage();
    // A tablet lying on its side.
    const tablet = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      // The desk's booking page, open before anything is signed.
      await signIn(desk.page, 'owner@demo.test');
      const booking = await bookedToday(desk.page, stamp);
      await desk.page.goto(`/bookings/${booking.id}/view`);
      const signedFact = desk.page.getByText('Waivers signed').locator('..');
      await visible(signedFact.getByText('0/2'));

      // Settings → Waiver kiosks → Add a kiosk: its link, shown once.
      await signIn(manager.page, 'owner@demo.test', { landOn: '/settings' });
      await manager.page
        .getByRole('link', { name: /Waiver kiosks/ })
        .first()
        .click();
      await atPath(manager.page, '/settings/kiosks');
      await manager.page.getByRole('button', { name: 'Add a kiosk' }).first().click();
      const dialog = await visible(manager.page.getByRole('dialog', { name: 'Add a kiosk' }));
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Front door ${stamp}`);
      await dialog.getByRole('button', { name: 'Add kiosk' }).click();
      const link = await (await visible(manager.page.getByTestId('kiosk-link'))).textContent();
      expect(link).toMatch(/\/kiosk#token=.+$/);
      const row = manager.page.getByTestId('kiosk-row').filter({ hasText: `Front door ${stamp}` });
      await visible(row.getByText('Active'));

      // The tablet: no session; the token is kept and taken out of the address.
      const { page } = tablet;
      await page.goto(new URL(link!).pathname + new URL(link!).hash);
      await visible(page.getByRole('button', { name: "Scan your booking's QR code" }));
      expect(new URL(page.url()).hash).toBe('');
      expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.length > 20))).toBe(true);
      expect(await seriousViolations(page, 'kiosk start')).toEqual([]);

      await page.getByRole('textbox', { name: 'Last name' }).fill(booking.lastName);
      await page.getByRole('textbox', { name: "Phone's last four digits" }).fill('4321');
      await page.getByRole('button', { name: 'Find my booking' }).click();
      const found = await visible(page.getByTestId('kiosk-booking').filter({ hasText: booking.productName }));
      await visible(found.getByText('0 of 2 signed'));
      expect(await seriousViolations(page, 'kiosk booking')).toEqual([]);

      await found.click();
      await signAs(page, 'First', `Player${stamp}`);
      await visible(page.getByTestId('kiosk-signed-after').getByText('1 of 2 signed'));
      await page.getByRole('button', { name: 'Next player signs' }).click();
      await signAs(page, 'Second', `Player${stamp}`);
      await visible(page.getByTestId('kiosk-signed-after').getByText('2 of 2 signed'));
      await page.getByRole('button', { name: 'Back to the booking' }).click();
      await visible(page.getByTestId('kiosk-booking').filter({ hasText: booking.productName }).getByText('2 of 2 signed'));

      // The desk, never reloaded, shows both.
      await visible(signedFact.getByText('2/2'), 30_000);

      // Start over clears the screen; revoked in Settings, the tablet's next call is refused.
      await page.getByRole('button', { name: 'Start over' }).click();
      await visible(page.getByRole('textbox', { name: 'Last name' }));
      expect(await page.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe('');
      await row.getByRole('button', { name: `Revoke Front door ${stamp}` }).click();
      await manager.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await visible(row.getByText(/^Revoked/));
      await page.getByRole('textbox', { name: 'Last name' }).fill(booking.lastName);
      await page.getByRole('textbox', { name: "Phone's last four digits" }).fill('4321');
      await page.getByRole('button', { name: 'Find my booking' }).click();
      await visible(page.getByRole('heading', { name: 'This tablet is not set up as a kiosk: ask a manager' }));
    } finally {
      await Promise.all([desk.context.close(), manager.context.close(), tablet.context.close()]);
    }
  }, 180_000);

  test('after 60 seconds without a touch the kiosk is back at its start with nothing on screen; without a token it says so', async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, 'owner@demo.test');
      const created = await apiAs(page, 'POST', '/api/private/kiosks', { name: `Idle ${Date.now().toString(36)}` }, VENUE);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // A tablet held upright.
      const tablet = await browser.newPage({ viewport: { width: 800, height: 1280 } });
      try {
        const kiosk = tablet.page;
        await kiosk.clock.install();
        // Without a token: what to do.
        await kiosk.goto('/kiosk');
        await visible(kiosk.getByRole('heading', { name: 'This tablet is not set up as a kiosk: ask a manager' }));
        // The set-up link opened on the same page: only the address's hash changes.
        await kiosk.goto(`/kiosk#token=${encodeURIComponent(created.body.token as string)}`);
        const lastName = await visible(kiosk.getByRole('textbox', { name: 'Last name' }));
        await lastName.fill('Somebody');
        await kiosk.clock.fastForward(30_000);
        expect(await lastName.inputValue()).toBe('Somebody');
        await kiosk.clock.fastForward(61_000);
        await visible(kiosk.getByRole('button', { name: "Scan your booking's QR code" }));
        expect(await kiosk.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe('');
        expect(await seriousViolations(kiosk, 'kiosk portrait')).toEqual([]);
      } finally {
        await tablet.context.close();
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
