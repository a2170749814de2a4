import { describe, expect, test } from 'vitest';
import { atPath, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();

/** The console's own history holds navigation back while a form has unsaved changes (lib/navigation-blocker.ts). */
describe('a form with unsaved changes asks before leaving', () => {
  test('a menu link and the back button wait for the answer: Cancel stays on the form, Discard changes leaves', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    // Within the app (one document), so that the back button is the app's to hold.
    const openForm = async () => {
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      expect(await atPath(page, '/settings/taxes/create')).toBe('/settings/taxes/create');
    };
    await page.goto('/settings/taxes');
    await openForm();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('Unsaved tax');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });

    // A link: the address stays until the answer.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bookings', exact: true }).click();
    await visible(question);
    expect(new URL(page.url()).pathname).toBe('/settings/taxes/create');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/settings/taxes/create');
    expect(await name.inputValue()).toBe('Unsaved tax');

    // The browser's back button: undone while the question is open, Cancel keeps the form and its address.
    await page.goBack({ waitUntil: 'commit' });
    await visible(question);
    expect(await atPath(page, '/settings/taxes/create')).toBe('/settings/taxes/create');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/settings/taxes/create');
    expect(await name.inputValue()).toBe('Unsaved tax');

    // Back again, and Discard changes: the list before it.
    await page.goBack({ waitUntil: 'commit' });
    await question.getByRole('button', { name: 'Discard changes' }).click();
    expect(await atPath(page, '/settings/taxes')).toBe('/settings/taxes');
    await visible(page.getByRole('heading', { name: 'Taxes' }));

    // A fresh form, unchanged, lets a link through without asking.
    await openForm();
    await visible(name);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bookings', exact: true }).click();
    expect(await atPath(page, '/bookings')).toBe('/bookings');
    expect(await question.count()).toBe(0);

    // A link answered with Discard changes goes where it pointed.
    await page.goto('/settings/taxes');
    await openForm();
    await name.fill('Unsaved again');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bookings', exact: true }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    expect(await atPath(page, '/bookings')).toBe('/bookings');
    await context.close();
  });
});
