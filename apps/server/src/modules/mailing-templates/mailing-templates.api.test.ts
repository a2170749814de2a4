import { beforeAll, expect, it } from 'vitest';
import { EMAIL_TYPES, MAIL_PLACEHOLDERS } from '@lanebook/core';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';
import { expectNoFileText, FILE_TAG_TEMPLATES, LONG_OUTPUT, NESTED_LOOP, SLOW_RENDER } from '../../../test/templates.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

const body = (extra: Row = {}) => ({ event: 'reminder', subject: 'See you tomorrow', text: 'Hi {{ customer.firstName }}', ...extra });

describeEachDatabase('mailing templates: paused on creation, addresses, pausing', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  it('a Liquid syntax error in the subject or text is refused on POST and PATCH, naming the field; every placeholder parses', async () => {
    const placeholders = MAIL_PLACEHOLDERS.map((p) => `{{ ${p.name} }}`).join(' ');
    const good = await create(venue.owner, 'mailing-templates', body({ text: placeholders, subject: 'Hi {{ customer.firstName }}' }));
    await expectNoWrites(t, async () => {
      expectFieldError(
        await venue.owner.post(base('mailing-templates'), body({ text: 'Hi {{ customer.firstName ' })),
        'text',
        'Template error',
      );
      expectFieldError(
        await venue.owner.post(base('mailing-templates'), body({ subject: '{% if booking %}Open' })),
        'subject',
        'Template error',
      );
      expectFieldError(
        await venue.owner.patch(itemUrl('mailing-templates', good.id as string), { text: '{% for x in %}' }),
        'text',
        'Template error',
      );
    });
    expect((await getItem(venue.owner, 'mailing-templates', good.id as string)).text).toBe(placeholders);
  });

  it('include, render and layout of any path are refused on POST and PATCH, naming the field and the tag; nothing is read or saved', async () => {
    const good = await create(venue.owner, 'mailing-templates', body());
    const url = itemUrl('mailing-templates', good.id as string);
    await expectNoWrites(t, async () => {
      for (const { tag, template } of FILE_TAG_TEMPLATES) {
        for (const field of ['subject', 'text']) {
          for (const refused of [
            await venue.owner.post(base('mailing-templates'), body({ [field]: template })),
            await venue.owner.patch(url, { [field]: template }),
          ]) {
            expectFieldError(refused, field, `Template error: the ${tag} tag is not allowed`);
            expectNoFileText(refused.body);
          }
        }
      }
    });
    expect(await getItem(venue.owner, 'mailing-templates', good.id as string)).toEqual(good);
  });

  it('a template past a render limit (work, time or output size) is refused on POST and PATCH, quickly', async () => {
    const good = await create(venue.owner, 'mailing-templates', body());
    const url = itemUrl('mailing-templates', good.id as string);
    const started = performance.now();
    await expectNoWrites(t, async () => {
      for (const field of ['subject', 'text']) {
        expectFieldError(await venue.owner.post(base('mailing-templates'), body({ [field]: NESTED_LOOP })), field, 'too much work');
        expectFieldError(await venue.owner.patch(url, { [field]: NESTED_LOOP }), field, 'too much work');
        expectFieldError(await venue.owner.post(base('mailing-templates'), body({ [field]: LONG_OUTPUT })), field, 'longer than');
        expectFieldError(await venue.owner.patch(url, { [field]: LONG_OUTPUT }), field, 'longer than');
      }
      expectFieldError(await venue.owner.post(base('mailing-templates'), body({ text: SLOW_RENDER })), 'text', 'template render limit');
      expectFieldError(await venue.owner.patch(url, { text: SLOW_RENDER }), 'text', 'template render limit');
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await getItem(venue.owner, 'mailing-templates', good.id as string)).toEqual(good);
    // Loops, filters and every placeholder within the limits still save.
    const text = `{% for i in (1..booking.playersCount) %}{{ i }}{% endfor %} {{ booking.total | money }} {{ customer.firstName | upcase }}`;
    expect((await create(venue.owner, 'mailing-templates', body({ text }))).text).toBe(text);
  });

  it('a new template always starts paused, for every event; isPaused in the body is refused', async () => {
    const made: Row[] = [];
    for (const event of EMAIL_TYPES) {
      const template = await create(venue.owner, 'mailing-templates', body({ event }));
      expect(template.isPaused, event).toBe(true);
      expect((await getItem(venue.staff, 'mailing-templates', template.id as string)).isPaused, event).toBe(true);
      made.push(template);
    }
    const id = made[0].id as string;
    await expectNoWrites(t, async () => {
      for (const isPaused of [false, true]) {
        for (const event of EMAIL_TYPES) {
          expectFieldError(await venue.owner.post(base('mailing-templates'), body({ event, isPaused })), 'isPaused', 'Unrecognized key');
        }
        expectFieldError(await venue.owner.patch(itemUrl('mailing-templates', id), { isPaused }), 'isPaused', 'Unrecognized key');
        expectFieldError(
          await venue.owner.patch(itemUrl('mailing-templates', id), { subject: 'Live now', isPaused }),
          'isPaused',
          'Unrecognized key',
        );
      }
    });
    expect(await getItem(venue.staff, 'mailing-templates', id)).toEqual(made[0]);
    // Sending starts only through resume.
    const resumed = await venue.owner.post(itemUrl('mailing-templates', id, 'resume'));
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({ ...made[0], isPaused: false, updatedAt: expect.any(String) });
  });

  it('keeps a body using every placeholder', async () => {
    const text = MAIL_PLACEHOLDERS.map((p) => `{{ ${p.name} }}`).join('\n');
    expect((await create(venue.owner, 'mailing-templates', body({ text }))).text).toBe(text);
  });

  it('to, cc, bcc and replyTo take valid addresses (trimmed, lower-cased) and refuse anything else, naming the list', async () => {
    const made = await create(venue.owner, 'mailing-templates', {
      ...body(),
      to: ['desk@example.test'],
      cc: [' Boss@Example.TEST '],
      bcc: ['archive+mail@example.test'],
      replyTo: ['hello@demo-axe.test'],
    });
    expect(made).toMatchObject({
      to: ['desk@example.test'],
      cc: ['boss@example.test'],
      bcc: ['archive+mail@example.test'],
      replyTo: ['hello@demo-axe.test'],
    });
    await expectNoWrites(t, async () => {
      for (const field of ['to', 'cc', 'bcc', 'replyTo']) {
        for (const value of [['not-an-email'], ['ok@example.test', 'a@'], ['two words@example.test'], 'desk@example.test', [42]]) {
          expectFieldError(await venue.owner.post(base('mailing-templates'), body({ [field]: value })), field);
          expectFieldError(await venue.owner.patch(itemUrl('mailing-templates', made.id as string), { [field]: value }), field);
        }
        const many = Array.from({ length: 21 }, (_, i) => `guest${i}@example.test`);
        expectFieldError(await venue.owner.post(base('mailing-templates'), body({ [field]: many })), field, 'at most 20');
      }
    });
    expect(await getItem(venue.staff, 'mailing-templates', made.id as string)).toEqual(made);
  });

  it('pause and resume; the list filters paused templates and sorts by event', async () => {
    const own = await t.addVenue();
    const reminder = await create(own.owner, 'mailing-templates', body({ event: 'reminder', subject: 'R' }));
    const confirmation = await create(own.owner, 'mailing-templates', body({ event: 'confirmation', subject: 'C' }));
    expect((await list(own.staff, 'mailing-templates')).items.map((m) => m.event)).toEqual(['confirmation', 'reminder']);
    const resumed = await own.manager.post(itemUrl('mailing-templates', confirmation.id as string, 'resume'));
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<Row>().isPaused).toBe(false);
    expect((await list(own.staff, 'mailing-templates', { isPaused: 'true' })).items.map((m) => m.id)).toEqual([reminder.id]);
    expect((await list(own.staff, 'mailing-templates', { isPaused: 'false' })).items.map((m) => m.id)).toEqual([confirmation.id]);
    const paused = await own.manager.post(itemUrl('mailing-templates', confirmation.id as string, 'pause'));
    expect(paused.json<Row>().isPaused).toBe(true);
    expect((await list(own.staff, 'mailing-templates', { isPaused: 'true' })).total).toBe(2);
  });
});
