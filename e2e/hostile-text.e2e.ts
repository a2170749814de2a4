import { describe, expect, test } from 'vitest';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { productDefaults } from '@lanebook/core/products';
import { apiAs, signIn, useBrowser } from './support.js';

/**
 * User text is stored as typed and shown as text, never as HTML (docs/code-style.md, "User
 * text"). Script payloads go in through the API, in every text field the console shows; each
 * page that shows them must show the characters, and nothing may run or be injected.
 */

const browser = useBrowser();

type Page = Awaited<ReturnType<ReturnType<typeof useBrowser>['newPage']>>['page'];

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';

/** A payload with a label of its own, so each field's text can be told apart on the page. */
const hostile = (label: string, payload: string) => `${label} ${payload}`;

async function ok(response: Promise<{ status: number; body: { id?: string } | null }>, status = 201) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body!;
}

/**
 * Waits until every text is on the page, as text or as the value of a field, then checks that no
 * payload ran (window.__xss, dialogs) and none became markup (no injected img, svg, script or
 * event-handler attribute anywhere in the document).
 */
async function expectShownAsText(page: Page, texts: string[], dialogs: string[]) {
  await page.waitForFunction(
    (wanted) => {
      const fields = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'), (e) => e.value);
      const shown = document.body.innerText;
      return wanted.every((text) => shown.includes(text) || fields.some((value) => value.includes(text)));
    },
    texts,
    { timeout: 15_000 },
  );
  // Give an injected image's error or an svg's load a moment to fire.
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injected: document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload]').length,
    scripts: Array.from(document.scripts).filter((s) => s.text.includes('__xss')).length,
  }));
  expect(state).toEqual({ xss: undefined, injected: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

describe('hostile user text is shown as text, never run', () => {
  test('script payloads in names, descriptions, terms, the venue and the user appear as typed and nothing runs', async () => {
    const { page, context } = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // A venue of its own, made by a demo account no other test signs in as; its name is put back at the end.
    await signIn(page, 'bowl-owner@demo.test');
    const before = (await apiAs(page, 'GET', '/api/private/me')).body as { user: { name: string } };
    const stamp = Date.now().toString(36);
    const venueId = `hostile-${stamp}`;
    // The console works in the venue it remembers: this one, from the first page on.
    await context.addInitScript((id) => localStorage.setItem('lanebook.venueId', id), venueId);

    const text = {
      user: hostile('User', SVG),
      venue: hostile('Venue', IMG),
      productName: hostile('Product', IMG),
      productDescription: hostile('Described', SCRIPT),
      tax: hostile('Tax', SCRIPT),
      termsName: hostile('Terms', SVG),
      termsText: hostile('Read me', `${IMG}\n${SCRIPT}\n${SVG}`),
      upsell: hostile('Upsell', SVG),
      affiliate: hostile('Affiliate', IMG),
    };

    expect((await apiAs(page, 'PATCH', '/api/private/me', { name: text.user })).status).toBe(200);
    await ok(apiAs(page, 'POST', '/api/private/venues', { id: venueId, name: text.venue, country: 'US', timezone: 'America/New_York' }));
    await ok(apiAs(page, 'POST', '/api/private/venues/current/skip-bank-onboarding', undefined, venueId), 200);

    const tax = await ok(apiAs(page, 'POST', '/api/private/taxes', { name: text.tax, rate: 5 }, venueId));
    const terms = await ok(apiAs(page, 'POST', '/api/private/terms', { name: text.termsName, text: text.termsText }, venueId));
    const upsell = await ok(apiAs(page, 'POST', '/api/private/upsell-items', { name: text.upsell, price: 450 }, venueId));
    await ok(apiAs(page, 'POST', '/api/private/affiliates', { name: text.affiliate, discount: 5 }, venueId));
    const product = await ok(
      apiAs(
        page,
        'POST',
        '/api/private/products',
        {
          name: text.productName,
          description: text.productDescription,
          taxes: [tax.id],
          termsId: terms.id,
          upsellItemIds: [upsell.id],
        },
        venueId,
      ),
    );
    // Stored as typed: the API neither strips nor encodes.
    const stored = await apiAs(page, 'GET', `/api/private/products/${product.id}`, undefined, venueId);
    expect(stored.body).toMatchObject({ name: text.productName, description: text.productDescription });

    const pages: [string, string[]][] = [
      ['/products', [text.productName, text.venue]],
      [`/products/${product.id}`, [text.productName, text.productDescription]],
      ['/settings/taxes', [text.tax]],
      [`/settings/taxes/${tax.id}`, [text.tax]],
      ['/settings/terms-and-conditions', [text.termsName]],
      [`/settings/terms-and-conditions/${terms.id}`, [text.termsName, text.termsText]],
      ['/settings/upsell-merchandise', [text.upsell]],
      [`/settings/upsell-merchandise/${upsell.id}`, [text.upsell]],
      ['/settings/affiliates', [text.affiliate]],
      ['/settings/venue', [text.venue]],
      ['/settings/profile', [text.user]],
      ['/users', [text.user]],
      // Not live yet: its widget says so, with its name.
      [`/widget/?venue=${venueId}`, [text.venue]],
    ];
    try {
      for (const [path, texts] of pages) {
        await page.goto(path);
        await expectShownAsText(page, texts, dialogs).catch((error: Error) => {
          throw new Error(`${path}: ${error.message}`);
        });
      }
    } finally {
      await apiAs(page, 'PATCH', '/api/private/me', { name: before.user.name });
      await context.close();
    }
  });

  test("script payloads in a booking's names and note, and its guest's notes and flag, appear as typed on the booking and guest pages and nothing runs", async () => {
    const { page, context } = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const venueId = 'demo-axe';
    const stamp = Date.now().toString(36).slice(-5);
    try {
      await signIn(page, 'owner@demo.test');
      const lane = `Hostile lane ${stamp}`;
      await ok(apiAs(page, 'POST', '/api/private/resources', { id: lane, capacity: 6 }, venueId));
      const product = await ok(
        apiAs(
          page,
          'POST',
          '/api/private/products',
          {
            ...productDefaults,
            name: hostile(`Hostile ${stamp}`, IMG),
            description: hostile(`Widget ${stamp}`, SVG),
            resources: [lane],
            isPaused: undefined,
          },
          venueId,
        ),
      );
      // Live, so the venue's widget lists it.
      await ok(apiAs(page, 'POST', `/api/private/products/${product.id}/resume`, undefined, venueId), 200);
      const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId);
      const slot = await ok(
        apiAs(
          page,
          'POST',
          `/api/private/product/${product.id}/slot`,
          { date: addDays(venueToday(venue.body.timezone), 4), from: '13:00', to: '14:00' },
          venueId,
        ),
      );
      const text = { first: hostile(`F${stamp}`, IMG), last: hostile(`L${stamp}`, SVG), note: hostile(`N${stamp}`, SCRIPT) };
      const booking = (await ok(
        apiAs(
          page,
          'POST',
          '/api/private/booking',
          {
            productId: product.id,
            slots: [slot.id],
            playersCount: 2,
            reservationInfo: {
              firstName: text.first,
              lastName: text.last,
              email: `hostile.${stamp}@example.test`,
              phone: '',
              note: text.note,
            },
            isConfirmationEmail: false,
          },
          venueId,
        ),
      )) as { id: string; bookingReference: string };
      // The booking's guest (issue 38), with notes and a flag note of their own.
      const guestId = (await apiAs(page, 'GET', `/api/private/booking/${booking.id}`, undefined, venueId)).body.guestId as string;
      const guestText = { notes: hostile(`GN${stamp}`, IMG), flag: hostile(`GF${stamp}`, SCRIPT) };
      await ok(
        apiAs(
          page,
          'PATCH',
          `/api/private/guests/${guestId}`,
          { notes: guestText.notes, flags: [{ type: 'alert', note: guestText.flag }] },
          venueId,
        ),
        200,
      );
      const pages: [string, string[]][] = [
        [`/bookings?field=lastName&q=${encodeURIComponent(`L${stamp}`)}`, [text.first, text.last]],
        [`/bookings/${booking.id}/view`, [text.first, text.last, text.note, guestText.flag]],
        [`/guests?q=${encodeURIComponent(`hostile.${stamp}@example.test`)}`, [text.first, text.last, guestText.flag]],
        [`/guests/${guestId}`, [text.first, text.last, guestText.notes, guestText.flag]],
        [`/bookings/${booking.id}/personal-info`, [text.first, text.last, text.note]],
        [`/bookings/${booking.id}/checkout`, [text.first, text.last]],
        [`/bookings/${booking.id}/receipt`, [text.first, text.last]],
        // The customer's widget and booking page.
        [`/widget/?venue=${venueId}`, [hostile(`Hostile ${stamp}`, IMG), hostile(`Widget ${stamp}`, SVG)]],
        [`/widget/booking/${booking.bookingReference}`, [hostile(`Hostile ${stamp}`, IMG)]],
      ];
      for (const [path, texts] of pages) {
        await page.goto(path);
        await expectShownAsText(page, texts, dialogs).catch((error: Error) => {
          throw new Error(`${path}: ${error.message}`);
        });
      }
    } finally {
      await context.close();
    }
  });

  test('script payloads in a waiver and a signature appear as typed on the waiver and signature pages and nothing runs', async () => {
    const { page, context } = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const venueId = 'demo-axe';
    const stamp = Date.now().toString(36).slice(-5);
    try {
      await signIn(page, 'owner@demo.test');
      const lane = `Waiver lane ${stamp}`;
      await ok(apiAs(page, 'POST', '/api/private/resources', { id: lane, capacity: 6 }, venueId));
      const text = {
        title: hostile(`T${stamp}`, SCRIPT),
        intro: hostile(`I${stamp}`, IMG),
        label: hostile(`Q${stamp}`, SVG),
        box: hostile(`B${stamp}`, IMG),
        first: hostile(`F${stamp}`, SVG),
      };
      const waiver = (await ok(
        apiAs(
          page,
          'POST',
          '/api/private/waivers',
          { title: text.title, intro: text.intro, text: `<p>Rules ${stamp}</p>${IMG}${SCRIPT}` },
          venueId,
        ),
      )) as { id: string; fields: object[] };
      const custom = {
        key: null,
        type: 'text',
        label: text.label,
        hint: '',
        isRequired: false,
        sortWeight: 9,
        isDisabled: false,
        isAllowCustomOption: false,
        options: [],
      };
      await ok(
        apiAs(
          page,
          'PATCH',
          `/api/private/waivers/${waiver.id}`,
          { fields: [...waiver.fields, custom], checkboxes: [{ text: text.box, isRequired: false }] },
          venueId,
        ),
        200,
      );
      const product = await ok(
        apiAs(
          page,
          'POST',
          '/api/private/products',
          { ...productDefaults, name: `Waiver ${stamp}`, resources: [lane], isPaused: undefined, activeWaiverId: waiver.id },
          venueId,
        ),
      );
      await ok(apiAs(page, 'POST', `/api/private/products/${product.id}/resume`, undefined, venueId), 200);
      const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId);
      const slot = await ok(
        apiAs(
          page,
          'POST',
          `/api/private/product/${product.id}/slot`,
          { date: addDays(venueToday(venue.body.timezone), 4), from: '15:00', to: '16:00' },
          venueId,
        ),
      );
      const reservationInfo = { firstName: 'Safe', lastName: `Booker${stamp}`, email: `safe.${stamp}@example.test`, phone: '' };
      const booking = (await ok(
        apiAs(
          page,
          'POST',
          '/api/private/booking',
          { productId: product.id, slots: [slot.id], playersCount: 2, reservationInfo, isConfirmationEmail: false },
          venueId,
        ),
      )) as { id: string; bookingReference: string; signingToken: string };
      const stroke = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 200;
        canvas.height = 60;
        const context2d = canvas.getContext('2d')!;
        context2d.fillRect(20, 30, 160, 3);
        return canvas.toDataURL('image/png');
      });
      const signature = await ok(
        apiAs(
          page,
          'POST',
          `/api/private/booking/${booking.id}/signatures`,
          {
            fields: { firstName: text.first, lastName: `Signer${stamp}`, email: `signer.${stamp}@example.test`, [text.label]: text.label },
            checkboxes: [{ text: text.box, value: true }],
            signature: stroke,
          },
          venueId,
        ),
      );
      const pages: [string, string[]][] = [
        [`/waivers/${waiver.id}`, [text.title, text.intro, text.label, text.box, `Rules ${stamp}`]],
        [`/bookings/${booking.id}/signatures/sign`, [text.title, text.intro, text.label, text.box]],
        [`/bookings/${booking.id}/signatures`, [text.first]],
        [`/signatures/${signature.id}`, [text.title, text.intro, text.first, text.label, text.box]],
        [`/signatures?search=${encodeURIComponent(`Signer${stamp}`)}`, [text.first]],
        [`/sign/${booking.bookingReference}`, [text.title, text.intro, text.label]],
        [`/widget/booking/${booking.bookingReference}/sign`, [text.title, text.intro, text.label]],
        [`/widget/sign/${booking.signingToken}`, [text.title, text.intro, text.label]],
      ];
      for (const [path, texts] of pages) {
        await page.goto(path);
        await expectShownAsText(page, texts, dialogs).catch((error: Error) => {
          throw new Error(`${path}: ${error.message}`);
        });
      }
    } finally {
      await context.close();
    }
  });
});
