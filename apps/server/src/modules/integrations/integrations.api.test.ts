import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@lanebook/core';
import { integrations } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { Caller, TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

/** The create's answer without the secret: what GET, the list and PATCH show. */
const withoutSecret = ({ secret: _secret, ...rest }: Row) => rest;

// Literal public addresses: the URL check resolves host names, and tests run without a network.
const webhook = (settings: Row = { url: 'https://93.184.216.34/lanebook', events: ['booking.paid'] }) => ({
  type: 'webhook',
  name: 'Zap',
  settings,
});

describeEachDatabase('integrations: webhooks and custom settings', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  /** The secret column of an integration, read from the database. */
  async function secretInDb(venueId: string, id: string) {
    const rows = await t.db
      .select({ secret: integrations.secret })
      .from(integrations)
      .where(and(eq(integrations.venueId, venueId), eq(integrations.id, id)));
    expect(rows, `integration ${id} in the database`).toHaveLength(1);
    return rows[0].secret;
  }

  /** Every role of the venue and a superadmin: GET, and the list, never carry a secret. */
  async function expectSecretHidden(own: Venue, id: string) {
    const admin = await t.as('admin@demo.test', own.id);
    const readers: [string, Caller][] = [
      ['owner', own.owner],
      ['manager', own.manager],
      ['staff', own.staff],
      ['superadmin', admin],
    ];
    for (const [role, caller] of readers) {
      expect(await getItem(caller, 'integrations', id), `GET as ${role}`).not.toHaveProperty('secret');
      const everything = await list(caller, 'integrations', { limit: '500' });
      expect(
        everything.items.map((item) => item.id),
        `list as ${role}`,
      ).toContain(id);
      for (const item of everything.items) expect(item, `list as ${role}`).not.toHaveProperty('secret');
    }
  }

  describe('webhooks', () => {
    it('the type is chosen once: a PATCH of it is refused and nothing changes', async () => {
      const hook = await create(venue.owner, 'integrations', webhook());
      const custom = await create(venue.owner, 'integrations', { type: 'custom', name: 'Door counter', settings: { site: 'north' } });
      await expectNoWrites(t, async () => {
        expectFieldError(
          await venue.owner.patch(itemUrl('integrations', hook.id as string), { type: 'custom', settings: {} }),
          'type',
          'Unrecognized key',
        );
        expectFieldError(
          await venue.owner.patch(itemUrl('integrations', custom.id as string), { type: 'webhook' }),
          'type',
          'Unrecognized key',
        );
      });
      expect((await getItem(venue.owner, 'integrations', hook.id as string)).type).toBe('webhook');
      expect(await secretInDb(venue.id, hook.id as string)).toBe(hook.secret);
    });

    it('a webhook gets a generated whsec_ secret, its own each time, shown only in the answer to the create', async () => {
      const first = await create(venue.owner, 'integrations', webhook());
      const second = await create(venue.owner, 'integrations', webhook({ url: 'http://8.8.8.8:8080/hook', events: [...WEBHOOK_EVENTS] }));
      expect(first.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(second.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(first.secret).not.toBe(second.secret);
      expect(second.settings).toEqual({ url: 'http://8.8.8.8:8080/hook', events: [...WEBHOOK_EVENTS] });
      // The database keeps what the create showed.
      expect(await secretInDb(venue.id, first.id as string)).toBe(first.secret);
      expect(await secretInDb(venue.id, second.id as string)).toBe(second.secret);
      // Reads leave it out, to every role: GET shows the created record but for the secret.
      expect(await getItem(venue.staff, 'integrations', first.id as string)).toStrictEqual(withoutSecret(first));
      await expectSecretHidden(venue, first.id as string);
      await expectSecretHidden(venue, second.id as string);
      for (const flag of ['true', 'false']) {
        for (const item of (await list(venue.owner, 'integrations', { isActive: flag, limit: '500' })).items) {
          expect(item).not.toHaveProperty('secret');
        }
      }
      // A webhook a manager makes reveals its secret to them, once, all the same.
      const byManager = await create(venue.manager, 'integrations', webhook());
      expect(byManager.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(await secretInDb(venue.id, byManager.id as string)).toBe(byManager.secret);
      await expectSecretHidden(venue, byManager.id as string);
    });

    it('PATCHes neither show nor change the secret; a body cannot set it', async () => {
      const made = await create(venue.owner, 'integrations', webhook());
      const id = made.id as string;
      const secret = made.secret;
      expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      const changes: Row[] = [
        { settings: { url: 'https://93.184.216.34/v2', events: ['booking.created', 'booking.canceled'] } },
        { name: 'Zap renamed' },
        { isActive: false },
        { isActive: true },
        {},
      ];
      let current = withoutSecret(made);
      for (const change of changes) {
        const patched = await venue.owner.patch(itemUrl('integrations', id), change);
        expect(patched.statusCode, patched.body).toBe(200);
        const body = patched.json<Row>();
        expect(body, `PATCH ${JSON.stringify(change)}`).not.toHaveProperty('secret');
        expect(body).toStrictEqual({ ...current, ...change, updatedAt: expect.any(String) });
        current = body;
        expect(await secretInDb(venue.id, id), `after PATCH ${JSON.stringify(change)}`).toBe(secret);
      }
      await expectSecretHidden(venue, id);
      // The secret is the server's: a body cannot set it, on create or PATCH, not even to its own value.
      await expectNoWrites(t, async () => {
        for (const chosen of ['whsec_mine', secret, null]) {
          expectFieldError(await venue.owner.post(base('integrations'), { ...webhook(), secret: chosen }), 'secret', 'Unrecognized key');
          expectFieldError(await venue.owner.patch(itemUrl('integrations', id), { secret: chosen }), 'secret', 'Unrecognized key');
          expectFieldError(
            await venue.owner.patch(itemUrl('integrations', id), { name: 'Sneaky', secret: chosen }),
            'secret',
            'Unrecognized key',
          );
        }
      });
      expect(await secretInDb(venue.id, id)).toBe(secret);
      expect(await getItem(venue.staff, 'integrations', id)).toStrictEqual(current);
    });

    it('the secret of another venue’s webhook is neither shown nor changed by this venue', async () => {
      const other = await t.addVenue();
      const theirs = await create(other.owner, 'integrations', webhook());
      const id = theirs.id as string;
      await expectNoWrites(t, async () => {
        expect((await venue.owner.get(itemUrl('integrations', id))).statusCode).toBe(404);
        expect((await venue.owner.patch(itemUrl('integrations', id), { name: 'Mine now' })).statusCode).toBe(404);
      });
      expect(await secretInDb(other.id, id)).toBe(theirs.secret);
    });

    it('needs an http(s) URL and at least one known event (400 naming settings.url / settings.events), nothing written', async () => {
      const made = await create(venue.owner, 'integrations', webhook());
      const cases: [Row, string, string?][] = [
        [{ url: 'ftp://93.184.216.34/in', events: ['booking.paid'] }, 'settings.url', 'URL must'],
        [{ url: 'javascript:alert(1)', events: ['booking.paid'] }, 'settings.url'],
        [{ url: 'not a url', events: ['booking.paid'] }, 'settings.url'],
        [{ events: ['booking.paid'] }, 'settings.url'],
        [{ url: 'https://93.184.216.34/in', events: [] }, 'settings.events', 'Choose at least one event'],
        [{ url: 'https://93.184.216.34/in' }, 'settings.events'],
        [{ url: 'https://93.184.216.34/in', events: ['booking.exploded'] }, 'settings.events', 'Events must be among'],
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
      expect(await getItem(venue.staff, 'integrations', made.id as string)).toStrictEqual(withoutSecret(made));
      expect(await secretInDb(venue.id, made.id as string)).toBe(made.secret);
    });
  });

  describe('webhook targets (the server calls them: public addresses only)', () => {
    it('refuses every non-public address class with a 400 naming settings.url, on create and PATCH; nothing written', async () => {
      const made = await create(venue.owner, 'integrations', webhook());
      const cases: [string, string][] = [
        ['http://127.0.0.1:5432/', 'loopback'],
        ['http://2130706433/', 'loopback'], // 127.0.0.1 spelled as a number
        ['http://[::1]:8080/hook', 'loopback'],
        ['http://[::ffff:127.0.0.1]/', 'loopback'],
        ['http://localhost:3000/hook', 'loopback'], // a host name resolving to 127.0.0.1
        ['http://10.0.0.5:8080/hook', 'private network'],
        ['http://172.16.0.1/', 'private network'],
        ['https://192.168.1.10/hook', 'private network'],
        ['http://[fd12:3456::1]/', 'private network'],
        ['http://169.254.1.1/', 'link-local'],
        ['http://[fe80::1]/', 'link-local'],
        ['http://0.0.0.0:80/', 'unspecified'],
        ['http://[::]/', 'unspecified'],
        ['http://169.254.169.254/latest/meta-data/iam/', 'cloud metadata'],
        ['http://[fd00:ec2::254]/', 'cloud metadata'],
        ['http://metadata.google.internal/computeMetadata/v1/', 'cloud metadata'],
        ['https://nowhere.invalid/hook', 'could not be resolved'],
        ['https://user:secret@93.184.216.34/hook', 'user name or password'],
        ['https://token@93.184.216.34/hook', 'user name or password'],
        ['gopher://93.184.216.34/', 'URL must'],
        ['file:///etc/passwd', 'URL must'],
      ];
      await expectNoWrites(t, async () => {
        for (const [url, message] of cases) {
          const settings = { url, events: ['booking.paid'] };
          expectFieldError(await venue.owner.post(base('integrations'), webhook(settings)), 'settings.url', message);
          expectFieldError(await venue.owner.patch(itemUrl('integrations', made.id as string), { settings }), 'settings.url', message);
        }
      });
      expect(await getItem(venue.staff, 'integrations', made.id as string)).toStrictEqual(withoutSecret(made));
    });

    it('accepts public addresses, IPv4 and IPv6, with any port and path', async () => {
      for (const url of ['https://93.184.216.34/lanebook', 'http://8.8.8.8:8080/hook?v=1', 'https://[2606:4700:4700::1111]/in']) {
        const made = await create(venue.owner, 'integrations', webhook({ url, events: ['booking.created'] }));
        expect((made.settings as Row).url).toBe(url);
      }
    });

    it('a custom integration’s settings are not a target: a url in them is kept as typed', async () => {
      const made = await create(venue.owner, 'integrations', {
        type: 'custom',
        name: 'Local thing',
        settings: { url: 'http://127.0.0.1/' },
      });
      expect(made.settings).toEqual({ url: 'http://127.0.0.1/' });
    });
  });

  describe('custom integrations', () => {
    it('keeps typed JSON settings (text, numbers, true/false, empty) and has no secret', async () => {
      const settings = { apiKey: 'k-123', retries: 3, ratio: 0.5, sandbox: true, live: false, region: null, empty: '' };
      const made = await create(venue.owner, 'integrations', { type: 'custom', name: 'CRM', settings });
      expect(made).toMatchObject({ type: 'custom', settings, secret: null });
      expect(await secretInDb(venue.id, made.id as string)).toBeNull();
      const shown = await getItem(venue.staff, 'integrations', made.id as string);
      expect(shown.settings).toEqual(settings);
      expect(shown).not.toHaveProperty('secret');
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
      expect(await getItem(venue.staff, 'integrations', made.id as string)).toStrictEqual(withoutSecret(made));
    });

    it('lists by type and filters active integrations', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'integrations', webhook());
      await create(own.owner, 'integrations', { type: 'custom', name: 'Aardvark CRM', isActive: false });
      expect((await list(own.staff, 'integrations', { sort: 'type' })).items.map((i) => i.type)).toEqual(['custom', 'webhook']);
      expect((await list(own.staff, 'integrations', { isActive: 'false' })).items.map((i) => i.name)).toEqual(['Aardvark CRM']);
      expectFieldError(
        await own.staff.get(base('integrations'), { query: { sort: 'secret' } }),
        'sort',
        'Sort must be one of name, type, createdAt',
      );
    });
  });
});

describeEachDatabase(
  'integrations: webhook targets on a private network (WEBHOOK_ALLOW_PRIVATE_NETWORKS)',
  (t) => {
    it('loopback, private and link-local targets are accepted; metadata, unspecified and unresolvable still refused', async () => {
      const venue = await t.addVenue();
      for (const url of [
        'http://127.0.0.1:5432/',
        'http://localhost:3000/hook',
        'http://[::1]:8080/hook',
        'http://10.0.0.5:8080/hook',
        'https://192.168.1.10/hook',
        'http://169.254.1.1/',
      ]) {
        const made = await create(venue.owner, 'integrations', webhook({ url, events: ['booking.paid'] }));
        expect((made.settings as Row).url).toBe(url);
      }
      await expectNoWrites(t, async () => {
        for (const [url, message] of [
          ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
          ['http://[fd00:ec2::254]/', 'cloud metadata'],
          ['http://metadata.google.internal/', 'cloud metadata'],
          ['http://0.0.0.0/', 'unspecified'],
          ['https://nowhere.invalid/', 'could not be resolved'],
          ['http://user:pass@127.0.0.1/', 'user name or password'],
        ]) {
          expectFieldError(
            await venue.owner.post(base('integrations'), webhook({ url, events: ['booking.paid'] })),
            'settings.url',
            message,
          );
        }
      });
    });
  },
  { config: { webhookAllowPrivateNetworks: true } },
);
