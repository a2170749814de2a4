import { describe, expect, test } from 'vitest';
import { widgetTemplateDefaults } from '@lanebook/core/catalog';
import { apiAs, atPath, baseUrl, signIn, signUpConfirmed, useBrowser, visible } from './support.js';
import { completeRequiredSetup } from './venue-setup.js';

const browser = useBrowser();

const ORIGINS_LABEL = 'Web sites that may show your widget';

describe('the widget in the console (issue 13)', () => {
  test("a widget template's page shows its embed snippet, copies it, and previews the widget on the demo page", async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    // A template of its own: other files change which demo template is the default.
    const created = await apiAs(
      page,
      'POST',
      '/api/private/widget-templates',
      { ...widgetTemplateDefaults, name: `E2E embed ${stamp}` },
      'demo-axe',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const templateId: string = created.body.id;

    await page.goto('/settings/widget-templates');
    await page.getByRole('link', { name: `E2E embed ${stamp}`, exact: true }).click();
    expect(await atPath(page, `/settings/widget-templates/${templateId}`)).toBe(`/settings/widget-templates/${templateId}`);

    const snippet = `<script src="${baseUrl()}/widget.js" data-venue="demo-axe" data-template="${templateId}"></script>`;
    await visible(page.getByRole('heading', { name: 'Embed on your web site' }));
    expect(await (await visible(page.getByTestId('widget-snippet'))).textContent()).toBe(snippet);
    expect(await page.getByTestId('default-template-note').textContent()).toContain(
      'Without data-template, the widget uses your default template',
    );

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Copied', exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // The preview is the server's demo page for this venue and template, framed by the console.
    const preview = await visible(page.getByTitle('Widget preview'));
    expect(await preview.getAttribute('src')).toBe(`/widget/demo?venue=demo-axe&template=${templateId}`);
    const demo = page.frameLocator('iframe[title="Widget preview"]');
    await visible(demo.getByText('Demo Axe House — book online'));
    expect(await demo.locator(`script[src$="/widget.js"][data-venue="demo-axe"][data-template="${templateId}"]`).count()).toBe(1);

    // Saving the template loads the preview again.
    await preview.evaluate((frame) => frame.setAttribute('data-before-save', ''));
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E embed ${stamp} renamed`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Changes saved'));
    await visible(page.locator('iframe[title="Widget preview"]:not([data-before-save])'));
    expect(await page.locator('iframe[title="Widget preview"]').count()).toBe(1);
    await context.close();
  });

  test('a new venue lists its web sites, requests approval, and goes live when the superadmin approves it', async () => {
    const stamp = Date.now().toString(36);
    const venueId = `wid-${stamp}`;
    const venueName = `Widget Lanes ${stamp}`;
    const owner = await browser.newPage({ timezoneId: 'America/Los_Angeles' });
    await signUpConfirmed(owner.page, { name: 'Wendy Widget', email: `wendy-${stamp}@example.test`, password: 'wendy-password' });
    expect(await atPath(owner.page, '/onboard/venue')).toBe('/onboard/venue');
    await owner.page.getByLabel('Venue name').fill(venueName);
    await owner.page.getByLabel('Venue ID').fill(venueId);
    await owner.page.getByRole('button', { name: 'Create venue' }).click();
    expect(await atPath(owner.page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    await owner.page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(owner.page, '/dashboard')).toBe('/dashboard');

    await owner.page.goto('/settings/venue');
    const status = await visible(owner.page.getByTestId('widget-status'));
    expect(await status.textContent()).toBe('Inactive');

    // The online booking panel: the demo page and the default template's snippet.
    const panel = owner.page.getByRole('region', { name: 'Online booking' });
    expect(await panel.getByTestId('widget-snippet').textContent()).toBe(
      `<script src="${baseUrl()}/widget.js" data-venue="${venueId}"></script>`,
    );
    expect(await panel.getByRole('link', { name: 'See the widget on a sample page' }).getAttribute('href')).toBe(
      `/widget/demo?venue=${venueId}`,
    );

    // An origin is saved.
    const origins = owner.page.getByRole('combobox', { name: ORIGINS_LABEL, exact: true });
    await origins.fill('https://www.example.com');
    await origins.press('Enter');
    await owner.page.getByRole('button', { name: 'Save changes' }).click();
    await visible(owner.page.getByText('Venue settings saved'));
    expect((await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, venueId)).body.widgetOrigins).toEqual([
      'https://www.example.com',
    ]);

    // One that is not an origin is refused under the field with the server's own message, and nothing is written.
    const refused = await apiAs(
      owner.page,
      'PATCH',
      '/api/private/venues/current',
      { widgetOrigins: ['https://www.example.com', 'www.example.org/booking'] },
      venueId,
    );
    expect(refused.status).toBe(400);
    const messages = (refused.body.details.fields as { path: string; message: string }[])
      .filter((field) => field.path.startsWith('widgetOrigins'))
      .map((field) => field.message);
    expect(messages.length).toBeGreaterThan(0);
    await origins.fill('www.example.org/booking');
    await origins.press('Enter');
    await owner.page.getByRole('button', { name: 'Save changes' }).click();
    const error = await visible(owner.page.getByTestId('widget-origins-error'));
    expect(messages).toContain(await error.textContent());
    expect((await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, venueId)).body.widgetOrigins).toEqual([
      'https://www.example.com',
    ]);

    // The owner asks for approval once the required setup is done (going-live.e2e.ts shows the refusal): pending.
    await completeRequiredSetup(owner.page, venueId, stamp);
    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Request approval' }).click();
    await visible(owner.page.getByTestId('widget-status').filter({ hasText: 'Pending for approval' }));
    expect(await owner.page.getByRole('button', { name: 'Request approval' }).count()).toBe(0);
    expect((await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, venueId)).body.status).toBe('pending');

    // The superadmin approves it: live.
    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test', { landOn: '/settings/superadmin' });
    await admin.page.getByLabel('Search').fill(venueId);
    const row = await visible(admin.page.getByTestId('venue-row').filter({ hasText: venueName }));
    expect(await row.getByLabel(`Status of ${venueName}`).inputValue()).toBe('Pending for approval');
    await row.getByRole('button', { name: `Approve ${venueName}` }).click();
    await visible(admin.page.getByText(`${venueName} is now Live`));
    // Approving is done once: the button leaves the row, whose status now reads Live.
    await row.getByRole('button', { name: `Approve ${venueName}` }).waitFor({ state: 'detached' });
    expect(await row.getByLabel(`Status of ${venueName}`).inputValue()).toBe('Live');

    await owner.page.reload();
    await visible(owner.page.getByTestId('widget-status').filter({ hasText: 'Live' }));
    expect(await owner.page.getByRole('button', { name: 'Request approval' }).count()).toBe(0);
    expect((await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, venueId)).body.status).toBe('live');
    await admin.context.close();
    await owner.context.close();
  });
});
