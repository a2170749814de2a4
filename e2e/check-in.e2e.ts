import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, artifacts, bookableProduct, signIn, useBrowser, visible } from './support.js';

/**
 * The desk's scanner (issue 39): a USB scanner types a booking's check-in code and presses Enter,
 * and Chromium's fake camera shows a booking's QR code (its qr.png, made into a video) to the
 * Check-in page, which reads it and checks the group in.
 */

// The fake camera plays this file; it is written before the camera opens (Chromium reads it then).
const VIDEO = path.join(artifacts, `check-in-camera-${process.pid}.y4m`);
const browser = useBrowser({
  args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
});
const VENUE = 'demo-axe';
// pngjs is the server's dev dependency (its API tests decode qr.png with it too).
const { PNG } = createRequire(new URL('../apps/server/package.json', import.meta.url))('pngjs') as typeof import('pngjs');

/**
 * A Y4M video (the raw format Chromium's fake camera plays) of a PNG centred on white: 640x480,
 * grey only (the chroma planes flat), a few identical frames that Chromium loops.
 */
function writeY4m(file: string, png: Buffer) {
  const image = PNG.sync.read(png);
  const width = 640;
  const height = 480;
  const luma = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let y = 0; y < image.height; y += 1)
    for (let x = 0; x < image.width; x += 1) {
      const at = (y * image.width + x) * 4;
      luma[(top + y) * width + left + x] = Math.round(0.299 * image.data[at] + 0.587 * image.data[at + 1] + 0.114 * image.data[at + 2]);
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
}

/** A booking of two players today (the desk may book a time already started), with its reference and check-in code. */
async function bookedToday(page: Page, stamp: string) {
  const product = await bookableProduct(page, VENUE, stamp, 0);
  const created = await apiAs(
    page,
    'POST',
    '/api/private/booking',
    {
      productId: product.productId,
      slots: product.slots,
      playersCount: 2,
      reservationInfo: { firstName: 'Scan', lastName: `Me ${stamp}`, email: `scan-${stamp}@example.test`, phone: '' },
      isConfirmationEmail: false,
    },
    VENUE,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const booking = created.body as { id: string; bookingReference: string };
  const mine = await page.request.get(`/api/public/booking/${booking.bookingReference}`);
  const code = ((await mine.json()) as { checkInCode: string }).checkInCode;
  expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return { ...booking, code, lastName: `Me ${stamp}` };
}

/** The answer's Check in, and the group checked in: the answer says so and the booking's presence is fully. */
async function checkInShown(page: Page, booking: { id: string; lastName: string }) {
  const answer = page.getByTestId('check-in-answer');
  await visible(answer.getByRole('heading', { name: `Scan ${booking.lastName}` }));
  await visible(answer.getByText('0 of 2'));
  await answer.getByRole('button', { name: 'Check in', exact: true }).click();
  // Two waivers unsigned and money due: the lane view's question first.
  const question = page.getByTestId('check-in-question');
  await visible(question);
  await question.getByRole('button', { name: 'Check in anyway' }).click();
  await visible(answer.getByText('Checked in', { exact: true }).first());
  const detail = await apiAs(page, 'GET', `/api/private/booking/${booking.id}`, undefined, VENUE);
  expect(detail.body.presenceStatus).toBe('fully');
}

describe('check-in', () => {
  test('a USB scanner types the code and presses Enter: the booking is shown large and checked in; a second time says when and by whom', async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, 'owner@demo.test', { landOn: '/calendar' });
      // The header's button opens the Check-in page from any page.
      await page.getByRole('banner').getByRole('link', { name: 'Check-in' }).click();
      await visible(page.getByRole('heading', { name: 'Check-in', level: 1 }));
      const booking = await bookedToday(page, `usb${Date.now().toString(36)}`);
      const box = page.getByRole('textbox', { name: 'Check-in code' });
      await box.click();
      // A USB scanner is a keyboard: it types fast and presses Enter.
      await page.keyboard.type(booking.code, { delay: 5 });
      await page.keyboard.press('Enter');
      await checkInShown(page, booking);

      await page.getByTestId('scan-next').click();
      await box.click();
      await page.keyboard.type(booking.code, { delay: 5 });
      await page.keyboard.press('Enter');
      const before = page.getByTestId('checked-in-before');
      await visible(before);
      expect(await before.textContent()).toMatch(/^Checked in already at \d{1,2}:\d\d [AP]M by .+\.$/);

      // An altered code is refused in words, and nothing is shown to check in.
      await page.getByTestId('scan-next').click();
      await box.fill(`${booking.code.slice(0, -1)}${booking.code.endsWith('A') ? 'B' : 'A'}`);
      await box.press('Enter');
      await visible(page.getByTestId('check-in-refusal').getByText(/not a check-in code/));
      expect(await page.getByTestId('check-in-answer').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("Chromium's fake camera shows the booking's QR code: the page reads it and the group is checked in", async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, 'owner@demo.test', { landOn: '/check-in' });
      await visible(page.getByRole('heading', { name: 'Check-in', level: 1 }));
      const booking = await bookedToday(page, `cam${Date.now().toString(36)}`);
      const qr = await page.request.get(`/api/public/booking/${booking.bookingReference}/qr.png`);
      expect(qr.headers()['content-type']).toBe('image/png');
      writeY4m(VIDEO, await qr.body());
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await checkInShown(page, booking);
    } finally {
      await context.close();
    }
  });
});
