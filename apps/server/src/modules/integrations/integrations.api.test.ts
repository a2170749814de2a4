import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@lanebook/core';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

const webhook = (settings: Row = { url: 'https://hooks.example.test/lanebook', events: ['booking.paid'] }) => ({
  type: 'webhook',
  name: 'Zap',
  settings,
});

describeEachDatabase('integrations: webhooks and custom settings', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  describe('webhooks', () => {
    it('a webhook gets a generated whsec_ secret on create, its own each time, kept across PATCHes', async () => {
      const first = await create(venue.owner, 'integrations', webhook());
      const second = await create(venue.owner, 'integrations', webhook({ url: 'http://10.0.0.5:8080/hook', events: [...WEBHOOK_EVENTS] }));
      expect(first.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(second.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(first.secret).not.toBe(second.secret);
      expect(second.settings).toEqual({ url: 'http://10.0.0.5:8080/hook', events: [...WEBHOOK_EVENTS] });
      expect((await getItem(venue.staff, 'integrations', first.id as string)).secret).toBe(first.secret);

      const patched = await venue.owner.patch(itemUrl('integrations', first.id as string), {
        settings: { url: 'https://hooks.example.test/v2', events: ['booking.created', 'booking.canceled'] },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Row>().secret).toBe(first.secret);
      // The secret is the server's: a body cannot set it.
      const chosen = await expectNoWrites(t, () => venue.owner.post(base('integrations'), { ...webhook(), secret: 'whsec_mine' }));
      expectFieldError(chosen, 'secret');
    });

    it('needs an http(s) URL and at least one known event (400 naming settings.url / settings.events), nothing written', async () => {
      const made = await create(venue.owner, 'integrations', webhook());
      const cases: [Row, string, string?][] = [
        [{ url: 'ftp://hooks.example.test/in', events: ['booking.paid'] }, 'settings.url', 'URL must'],
        [{ url: 'javascript:alert(1)', events: ['booking.paid'] }, 'settings.url'],
        [{ url: 'not a url', events: ['booking.paid'] }, 'settings.url'],
        [{ events: ['booking.paid'] }, 'settings.url'],
        [{ url: 'https://hooks.example.test/in', events: [] }, 'settings.events', 'Choose at least one event'],
        [{ url: 'https://hooks.example.test/in' }, 'settings.events'],
        [{ url: 'https://hooks.example.test/in', events: ['booking.exploded'] }, 'settings.events', 'Events must be among'],
      ];
      await expectNoWrites(t, async () => {
        for (const [settings, path, message] of cases) {
          expectFieldError(await venue.owner.post(base('integrations'), webhook(settings)), path, message);
          // Settings are replaced whole by a PATCH, so a PATCH must send complete settings.
          expectFieldError(await venue.owner.patch(itemUrl('integrations', made.id as string), { settings }), path, message);
        }
        // A webhook without settings names both.
        const bare = await venue.owner.post(base('integrations'), { type: 'webhook', name: 'Bare' });
        expectFieldError(bare, 'settings.url');
        expectFieldError(bare, 'settings.events');
      });
      expect(await getItem(venue.staff, 'integrations', made.id as string)).toEqual(made);
    });
  });

  describe('custom integrations', () => {
    it('keeps typed JSON settings (text, numbers, true/false, empty) and has no secret', async () => {
      const settings = { apiKey: 'k-123', retries: 3, ratio: 0.5, sandbox: true, live: false, region: null, empty: '' };
      const made = await create(venue.owner, 'integrations', { type: 'custom', name: 'CRM', settings });
      expect(made).toMatchObject({ type: 'custom', settings, secret: null });
      expect((await getItem(venue.staff, 'integrations', made.id as string)).settings).toEqual(settings);
    });

    it('refuses nested objects, lists and overlong text, naming the setting; nothing written', async () => {
      const made = await create(venue.owner, 'integrations', { type: 'custom', name: 'CRM 2', settings: { a: 1 } });
      await expectNoWrites(t, async () => {
        for (const [settings, path] of [
          [{ nested: { deep: true } }, 'settings.nested'],
          [{ list: ['a', 'b'] }, 'settings.list'],
          [{ ok: 'fine', long: 'x'.repeat(2001) }, 'settings.long'],
        ] as const) {
          expectFieldError(
            await venue.owner.post(base('integrations'), { type: 'custom', name: 'Bad', settings }),
            path,
            'Settings values must be',
          );
          expectFieldError(
            await venue.owner.patch(itemUrl('integrations', made.id as string), { settings }),
            path,
            'Settings values must be',
          );
        }
      });
      expect(await getItem(venue.staff, 'integrations', made.id as string)).toEqual(made);
    });

    it('lists by type and filters active integrations', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'integrations', webhook());
      await create(own.owner, 'integrations', { type: 'custom', name: 'Aardvark CRM', isActive: false });
      expect((await list(own.staff, 'integrations', { sort: 'type' })).items.map((i) => i.type)).toEqual(['custom', 'webhook']);
      expect((await list(own.staff, 'integrations', { isActive: 'false' })).items.map((i) => i.name)).toEqual(['Aardvark CRM']);
    });
  });
});
