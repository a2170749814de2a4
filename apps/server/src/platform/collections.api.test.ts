import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, PERMISSION_AREAS } from '@lanebook/core';
import { describeEachDatabase } from '../../test/each-database.js';
import {
  base,
  CASES,
  create,
  expectFieldError,
  expectNoWrites,
  fingerprint,
  expectNotFound,
  getItem,
  itemUrl,
  list,
  rolesHolding,
  rolesLacking,
  stored,
  uniqueKey,
  withoutRole,
  type CatalogAction,
  type CollectionCase,
  type Row,
} from '../../test/catalog.js';
import type { Caller, TestServer } from '../../test/server.js';

/**
 * The machinery every catalog collection is served by (platform/collections.ts), tested
 * through each of the ten collections with a minimal valid body: create with defaults, list
 * (search, sort, order, paging, flag filters), get, PATCH, delete, pause and resume, bad input
 * of each field, permissions per role, and tenant isolation. Rules particular to a collection
 * are in the collection's own test file.
 *
 * Rules of the machinery itself: isPaused is set only by POST /{id}/pause and /{id}/resume (a
 * body carrying it is refused, and a new record starts at the collection's default); columns
 * revealed on create (a webhook's secret) are in the create's answer only; ?sort= is one of the
 * collection's sort keys.
 */

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

const FORBIDDEN_CODE = 'forbidden';

function actionsOf(c: CollectionCase): CatalogAction[] {
  return c.pausable ? ['create', 'edit', 'delete', 'pause'] : ['create', 'edit', 'delete'];
}

/** One request doing `action` on `record` (or creating a new record from `key`). */
function attempt(c: CollectionCase, caller: Caller, action: CatalogAction, record: Row, key: string) {
  const id = c.idOf(record);
  switch (action) {
    case 'create':
      return caller.post(base(c.path), c.body(key));
    case 'edit':
      return caller.patch(itemUrl(c.path, id), c.patch);
    case 'delete':
      return caller.delete(itemUrl(c.path, id));
    case 'pause':
      return caller.post(itemUrl(c.path, id, 'pause'));
  }
}

const SUCCESS: Record<CatalogAction, number> = { create: 201, edit: 200, delete: 204, pause: 200 };

describeEachDatabase('catalog collections: the one machinery', (t) => {
  let axeOwner: Caller;
  let bowlOwner: Caller;

  beforeAll(async () => {
    axeOwner = await t.as('owner@demo.test', 'demo-axe');
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
  });

  it('every collection announces its changes (its cached lists and records are dropped on a write, decision 007)', async () => {
    const { COLLECTIONS } = await import('../modules/collections/routes.js');
    const { getTableName } = await import('drizzle-orm');
    for (const def of COLLECTIONS) {
      const table = getTableName(def.table);
      const triggers = (await t.db.execute(
        sql`select tgname from pg_trigger where tgrelid = ${table}::regclass and tgname = ${`${table}_change_notify`}`,
      )) as unknown as { rows: { tgname: string }[] };
      expect(triggers.rows.length, `${table} has no ${table}_change_notify trigger`).toBe(1);
    }
  });

  it('the nothing-written check notices a write to any table', async () => {
    const before = await fingerprint(t);
    await create(axeOwner, 'taxes', { name: 'Fingerprint tax', rate: 1 });
    const after = await fingerprint(t);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['taxes']);
  });

  it('the permission areas of the ten collections hold exactly create, edit, delete and pause where pausable', () => {
    for (const c of CASES) expect(PERMISSION_AREAS[c.area], c.path).toEqual(actionsOf(c));
  });

  describe.each(CASES)('$path', (c) => {
    const url = base(c.path);
    let venue: Venue;

    beforeAll(async () => {
      venue = await t.addVenue();
    });

    it('POST creates the record with its defaults (201); GET and the list show it', async () => {
      const response = await venue.manager.post(url, c.body('Alpha'));
      expect(response.statusCode, response.body).toBe(201);
      const record = response.json<Row>();
      const expected = c.created('Alpha');
      expect(record).toMatchObject(expected);
      // Nothing more than the record's fields: no venue id, no soft-delete column.
      expect(Object.keys(record).sort()).toEqual([...new Set([...Object.keys(expected), 'id', 'createdAt', 'updatedAt'])].sort());
      expect(record.id).toEqual(expect.any(String));
      expect(record.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(record.updatedAt).toBe(record.createdAt);
      // GET and the list show the record without what only the create reveals.
      const shown = stored(c, record);
      for (const name of c.revealedOnCreate ?? []) expect(record, name).toHaveProperty(name);
      expect(await getItem(venue.staff, c.path, c.idOf(record))).toStrictEqual(shown);
      const found = await list(venue.staff, c.path, { search: 'Alpha' });
      expect(found).toStrictEqual({ items: [shown], total: 1 });
    });

    it('POST without the required fields is 400 naming them, writing nothing', async () => {
      const required = Object.keys(c.body('Alpha'))[0];
      const response = await expectNoWrites(t, () => venue.manager.post(url, {}));
      expectFieldError(response, required);
    });

    it('GET of an unknown id is 404 with the collection’s label', async () => {
      const response = await venue.staff.get(itemUrl(c.path, 'no-such-id'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `${c.label} not found.`, code: 'not_found' });
    });

    it('lists {items, total} with search, sort and order, paging and flag filters', async () => {
      const own = await t.addVenue();
      for (const key of ['Charlie', 'Alpha', 'Bravo']) {
        if (!c.flag || key !== 'Alpha') {
          await create(own.owner, c.path, c.body(key));
        } else if (c.pausable) {
          // isPaused is set by its own route only, never by the body.
          const made = await create(own.owner, c.path, c.body(key));
          const set = await own.owner.post(itemUrl(c.path, c.idOf(made), c.flag.value ? 'pause' : 'resume'));
          expect(set.statusCode, set.body).toBe(200);
        } else {
          await create(own.owner, c.path, { ...c.body(key), [c.flag.name]: c.flag.value });
        }
      }
      const field = (l: { items: Row[] }) => l.items.map((item) => item[c.sortField]);
      const sortValue = (key: string) => c.created(key)[c.sortField];
      const [alpha, bravo, charlie] = ['Alpha', 'Bravo', 'Charlie'].map(sortValue);

      const all = await list(own.staff, c.path);
      expect(all.total).toBe(3);
      expect(all.items).toHaveLength(3);
      expect(field(await list(own.staff, c.path, { sort: c.sort, order: 'asc' }))).toEqual([alpha, bravo, charlie]);
      expect(field(await list(own.staff, c.path, { sort: c.sort, order: 'desc' }))).toEqual([charlie, bravo, alpha]);
      const page = await list(own.staff, c.path, { sort: c.sort, limit: '2', offset: '1' });
      expect(field(page)).toEqual([bravo, charlie]);
      expect(page.total).toBe(3);
      const beyond = await list(own.staff, c.path, { sort: c.sort, limit: '2', offset: '3' });
      expect(beyond).toEqual({ items: [], total: 3 });

      const searched = await list(own.staff, c.path, { search: 'bRaV' });
      expect(field(searched)).toEqual([bravo]);
      expect(searched.total).toBe(1);
      expect(await list(own.staff, c.path, { search: 'no-such-thing' })).toEqual({ items: [], total: 0 });
      // LIKE wildcards are taken literally.
      expect((await list(own.staff, c.path, { search: '%' })).total).toBe(0);
      expect((await list(own.staff, c.path, { search: '_' })).total).toBe(0);

      if (c.flag) {
        const on = await list(own.staff, c.path, { [c.flag.name]: String(c.flag.value), sort: c.sort });
        expect(field(on)).toEqual([alpha]);
        expect(on.total).toBe(1);
        const off = await list(own.staff, c.path, { [c.flag.name]: String(!c.flag.value), sort: c.sort });
        expect(field(off)).toEqual([bravo, charlie]);
        expect(off.total).toBe(2);
        expectFieldError(await own.staff.get(url, { query: { [c.flag.name]: 'maybe' } }), c.flag.name);
      }
      expectFieldError(await own.staff.get(url, { query: { limit: '0' } }), 'limit');
      expectFieldError(await own.staff.get(url, { query: { limit: '501' } }), 'limit');
      expectFieldError(await own.staff.get(url, { query: { offset: '-1' } }), 'offset');
      expectFieldError(await own.staff.get(url, { query: { order: 'sideways' } }), 'order', 'Order must be asc or desc');
    });

    it('?sort= takes each of the collection’s sort keys; any other is 400 naming sort and listing the keys', async () => {
      const own = await t.addVenue();
      for (const key of ['Charlie', 'Alpha', 'Bravo']) await create(own.owner, c.path, c.body(key));
      const ids = (l: { items: Row[] }) => l.items.map((item) => c.idOf(item)).sort();
      const all = ids(await list(own.staff, c.path));
      for (const sort of c.sorts) {
        for (const order of ['asc', 'desc']) {
          const sorted = await list(own.staff, c.path, { sort, order });
          expect(sorted.total, `${sort} ${order}`).toBe(3);
          expect(ids(sorted), `${sort} ${order}`).toEqual(all);
        }
      }
      const message = `Sort must be one of ${c.sorts.join(', ')}`;
      // Not silently the default order any more: a column that is no sort key, another case, an
      // inherited property name and an empty value are all refused.
      for (const sort of ['bogus', 'updatedAt', 'venueId', c.sort.toUpperCase(), `${c.sort} `, '__proto__', 'toString', '']) {
        const response = await own.staff.get(url, { query: { sort, order: 'asc' } });
        expectFieldError(response, 'sort', message);
      }
      // With a search and paging along, still refused.
      expectFieldError(await own.staff.get(url, { query: { sort: 'bogus', search: 'Alpha', limit: '1' } }), 'sort', message);
    });

    it('PATCH changes only the sent fields; GET shows the change', async () => {
      const record = await create(venue.manager, c.path, c.body(uniqueKey()));
      const response = await venue.manager.patch(itemUrl(c.path, c.idOf(record)), c.patch);
      expect(response.statusCode, response.body).toBe(200);
      const patched = response.json<Row>();
      expect(patched).toStrictEqual({ ...stored(c, record), ...c.patch, updatedAt: expect.any(String) });
      expect(Date.parse(patched.updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(record.updatedAt as string));
      expect(await getItem(venue.staff, c.path, c.idOf(record))).toEqual(patched);
      // An empty PATCH is valid and changes no field.
      const empty = await venue.manager.patch(itemUrl(c.path, c.idOf(record)), {});
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ ...patched, updatedAt: expect.any(String) });
    });

    it('DELETE answers 204; then GET, PATCH, DELETE answer 404 and the list leaves it out', async () => {
      const key = uniqueKey();
      const record = await create(venue.manager, c.path, c.body(key));
      const id = c.idOf(record);
      const before = (await list(venue.staff, c.path)).total;
      const response = await venue.manager.delete(itemUrl(c.path, id));
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expectNotFound(await venue.staff.get(itemUrl(c.path, id)));
      expectNotFound(await venue.manager.patch(itemUrl(c.path, id), c.patch));
      expectNotFound(await venue.manager.delete(itemUrl(c.path, id)));
      if (c.pausable) expectNotFound(await venue.manager.post(itemUrl(c.path, id, 'pause')));
      expect((await list(venue.staff, c.path)).total).toBe(before - 1);
      expect((await list(venue.staff, c.path, { search: key })).total).toBe(0);
    });

    if (c.pausable) {
      it('pause and resume set isPaused and answer the record; an unknown id is 404', async () => {
        const record = await create(venue.manager, c.path, c.body(uniqueKey()));
        const id = c.idOf(record);
        const paused = await venue.manager.post(itemUrl(c.path, id, 'pause'));
        expect(paused.statusCode, paused.body).toBe(200);
        expect(paused.json()).toEqual({ ...record, isPaused: true, updatedAt: expect.any(String) });
        expect((await getItem(venue.staff, c.path, id)).isPaused).toBe(true);
        // Pausing again keeps it paused.
        expect((await venue.manager.post(itemUrl(c.path, id, 'pause'))).json<Row>().isPaused).toBe(true);
        const resumed = await venue.manager.post(itemUrl(c.path, id, 'resume'));
        expect(resumed.statusCode, resumed.body).toBe(200);
        expect(resumed.json()).toEqual({ ...record, isPaused: false, updatedAt: expect.any(String) });
        expect((await getItem(venue.staff, c.path, id)).isPaused).toBe(false);
        for (const action of ['pause', 'resume'] as const) {
          const response = await expectNoWrites(t, () => venue.manager.post(itemUrl(c.path, 'no-such-id', action)));
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: `${c.label} not found.`, code: 'not_found' });
        }
      });

      it('isPaused in a POST or PATCH body is refused, true or false; a record starts at the default and only pause/resume change it', async () => {
        const start = c.created('Alpha').isPaused;
        expect(typeof start).toBe('boolean');
        const record = await create(venue.manager, c.path, c.body(uniqueKey()));
        expect(record.isPaused).toBe(start);
        const id = c.idOf(record);
        await expectNoWrites(t, async () => {
          for (const isPaused of [true, false]) {
            // The owner holds both the create/edit and the pause keys: still refused.
            for (const caller of [venue.manager, venue.owner]) {
              expectFieldError(await caller.post(url, { ...c.body(uniqueKey()), isPaused }), 'isPaused', 'Unrecognized key');
              expectFieldError(await caller.patch(itemUrl(c.path, id), { isPaused }), 'isPaused', 'Unrecognized key');
              // A valid change alongside does not get through either.
              expectFieldError(await caller.patch(itemUrl(c.path, id), { ...c.patch, isPaused }), 'isPaused', 'Unrecognized key');
            }
          }
        });
        expect(await getItem(venue.staff, c.path, id)).toEqual(record);

        // Switched by its route, the state survives a PATCH of other fields.
        const switched = await venue.manager.post(itemUrl(c.path, id, start ? 'resume' : 'pause'));
        expect(switched.statusCode, switched.body).toBe(200);
        const patched = await venue.manager.patch(itemUrl(c.path, id), c.patch);
        expect(patched.statusCode, patched.body).toBe(200);
        expect(patched.json<Row>().isPaused).toBe(!start);
        expect((await getItem(venue.staff, c.path, id)).isPaused).toBe(!start);
      });
    } else {
      it('has no pause or resume: both answer 404 and write nothing', async () => {
        const record = await create(venue.manager, c.path, c.body(uniqueKey()));
        for (const action of ['pause', 'resume'] as const) {
          const response = await expectNoWrites(t, () => venue.owner.post(itemUrl(c.path, c.idOf(record), action)));
          expectNotFound(response);
        }
      });
    }

    it('refuses unknown fields on POST and PATCH, naming them, writing nothing', async () => {
      const record = await create(venue.manager, c.path, c.body(uniqueKey()));
      const id = c.idOf(record);
      await expectNoWrites(t, async () => {
        const unknown: Row[] = [{ bogus: 1 }, { venueId: 'demo-bowl' }, { createdAt: '2020-01-01T00:00:00.000Z' }];
        if (c.path !== 'resources') unknown.push({ id: 'chosen-id' });
        unknown.push(...(c.refused ?? []));
        for (const extra of unknown) {
          const field = Object.keys(extra)[0];
          expectFieldError(await venue.manager.post(url, { ...c.body(uniqueKey()), ...extra }), field);
          expectFieldError(await venue.manager.patch(itemUrl(c.path, id), extra), field);
        }
        // A lane's id is chosen once: PATCH cannot carry it.
        if (c.path === 'resources') expectFieldError(await venue.manager.patch(itemUrl(c.path, id), { id: 'Lane Renamed' }), 'id');
      });
      expect(await getItem(venue.staff, c.path, id)).toEqual(stored(c, record));
    });

    it('a bad value of each field is 400 naming the field, on POST and PATCH, writing nothing', async () => {
      const record = await create(venue.manager, c.path, c.body(uniqueKey()));
      const id = c.idOf(record);
      const total = (await list(venue.staff, c.path)).total;
      await expectNoWrites(t, async () => {
        for (const bad of c.bad) {
          const change = { ...bad.extra, [bad.field]: bad.value };
          const label = `${bad.field} = ${JSON.stringify(bad.value).slice(0, 60)}`;
          const created = await venue.manager.post(url, { ...c.body(uniqueKey()), ...change });
          expect(created.statusCode, `POST ${label}: ${created.body}`).toBe(400);
          expectFieldError(created, bad.path ?? bad.field, bad.message);
          if (bad.createOnly) continue;
          const patched = await venue.manager.patch(itemUrl(c.path, id), change);
          expect(patched.statusCode, `PATCH ${label}: ${patched.body}`).toBe(400);
          expectFieldError(patched, bad.path ?? bad.field, bad.message);
        }
      });
      expect((await list(venue.staff, c.path)).total).toBe(total);
      expect(await getItem(venue.staff, c.path, id)).toEqual(stored(c, record));
    });

    it('body that is not JSON or not an object is 400', async () => {
      await expectNoWrites(t, async () => {
        const text = await venue.manager.request('POST', url, { body: 'name=x', headers: { 'content-type': 'text/plain' } });
        expect(text.statusCode).toBe(400);
        expect(text.json()).toMatchObject({ code: 'validation_failed' });
        const broken = await venue.manager.request('POST', url, { body: '{"name": ', headers: { 'content-type': 'application/json' } });
        expect(broken.statusCode).toBe(400);
        expect(broken.json()).toEqual({ message: expect.any(String), code: 'bad_request' });
        const array = await venue.manager.post(url, [c.body('Alpha')]);
        expect(array.statusCode).toBe(400);
        expect(array.json<{ code: string }>().code).toBe('validation_failed');
      });
    });

    describe('permissions per role', () => {
      it('by default staff lacks every key of the area; managers and owners hold them (docs/decisions/002)', () => {
        for (const action of actionsOf(c)) {
          expect(rolesLacking(c.area, action), action).toEqual(['staff']);
          expect([...rolesHolding(c.area, action)].sort(), action).toEqual(['manager', 'owner']);
        }
      });

      it('a role lacking the key gets 403 for each action and nothing is written; a role holding it succeeds', async () => {
        const record = await create(venue.owner, c.path, c.body(uniqueKey()));
        for (const action of actionsOf(c)) {
          for (const role of rolesLacking(c.area, action)) {
            const response = await expectNoWrites(t, () => attempt(c, venue[role], action, record, uniqueKey()));
            expect(response.statusCode, `${role} ${action}: ${response.body}`).toBe(403);
            expect(response.json()).toEqual({ message: `Your role does not allow ${c.area}.${action}.`, code: FORBIDDEN_CODE });
          }
          for (const role of rolesHolding(c.area, action)) {
            const target = action === 'create' ? record : await create(venue.owner, c.path, c.body(uniqueKey()));
            const response = await attempt(c, venue[role], action, target, uniqueKey());
            expect(response.statusCode, `${role} ${action}: ${response.body}`).toBe(SUCCESS[action]);
          }
        }
        if (c.pausable) {
          // resume takes the pause key as well.
          const resumed = await expectNoWrites(t, () => venue.staff.post(itemUrl(c.path, c.idOf(record), 'resume')));
          expect(resumed.statusCode).toBe(403);
        }
        expect(await getItem(venue.staff, c.path, c.idOf(record))).toEqual(stored(c, record));
      });

      it('every member may read: staff lists and gets', async () => {
        const record = await create(venue.owner, c.path, c.body(uniqueKey()));
        expect((await venue.staff.get(url)).statusCode).toBe(200);
        expect(await getItem(venue.staff, c.path, c.idOf(record))).toEqual(stored(c, record));
      });

      it('the venue’s permissions map decides: taking the keys from managers makes them 403, owners still pass', async () => {
        const own = await t.addVenue();
        const record = await create(own.manager, c.path, c.body(uniqueKey()));
        const map = withoutRole(DEFAULT_PERMISSIONS, 'manager', c.area, actionsOf(c));
        const saved = await own.owner.put('/api/private/venues/current/permissions', map);
        expect(saved.statusCode, saved.body).toBe(200);
        for (const action of actionsOf(c)) {
          const response = await expectNoWrites(t, () => attempt(c, own.manager, action, record, uniqueKey()));
          expect(response.statusCode, `manager ${action}: ${response.body}`).toBe(403);
        }
        // Reading is not a permission key: managers still read.
        expect(await getItem(own.manager, c.path, c.idOf(record))).toEqual(stored(c, record));
        for (const action of actionsOf(c)) {
          const target = action === 'create' ? record : await create(own.owner, c.path, c.body(uniqueKey()));
          const response = await attempt(c, own.owner, action, target, uniqueKey());
          expect(response.statusCode, `owner ${action}: ${response.body}`).toBe(SUCCESS[action]);
        }
        // Giving one key back lets managers do exactly that again.
        const back = structuredClone(map) as unknown as Record<string, Record<string, string[]>>;
        back[c.area].create = ['owner', 'manager'];
        expect((await own.owner.put('/api/private/venues/current/permissions', back)).statusCode).toBe(200);
        expect((await attempt(c, own.manager, 'create', record, uniqueKey())).statusCode).toBe(201);
        expect((await attempt(c, own.manager, 'edit', record, uniqueKey())).statusCode).toBe(403);
      });
    });

    describe('tenant isolation', () => {
      it('every verb on another venue’s record id answers 404 and changes nothing; the list never shows it', async () => {
        const key = uniqueKey();
        const theirs = await create(bowlOwner, c.path, c.body(key));
        const id = c.idOf(theirs);
        await expectNoWrites(t, async () => {
          expectNotFound(await axeOwner.get(itemUrl(c.path, id)));
          expectNotFound(await axeOwner.patch(itemUrl(c.path, id), c.patch));
          expectNotFound(await axeOwner.delete(itemUrl(c.path, id)));
          expectNotFound(await axeOwner.post(itemUrl(c.path, id, 'pause')));
          expectNotFound(await axeOwner.post(itemUrl(c.path, id, 'resume')));
          expect(await list(axeOwner, c.path, { search: key })).toEqual({ items: [], total: 0 });
          const everything = await list(axeOwner, c.path, { limit: '500' });
          expect(everything.items.map((item) => c.idOf(item))).not.toContain(id);
          if (c.path === 'resources') {
            // A lane id is the venue's own: demo-axe's list has no Lane <key>.
            expect(everything.items.every((item) => item.id !== `Lane ${key}`)).toBe(true);
          }
        });
        expect(await getItem(bowlOwner, c.path, id)).toEqual(stored(c, theirs));
      });

      it('X-Venue-Id of a venue the user is not in is 404; an unknown venue 404; no header 400; no sign-in 401', async () => {
        const axeManager = await t.as('manager@demo.test', 'demo-axe');
        const theirs = await create(bowlOwner, c.path, c.body(uniqueKey()));
        const id = c.idOf(theirs);
        await expectNoWrites(t, async () => {
          for (const venueId of ['demo-bowl', 'no-such-venue']) {
            const outsider = axeManager.in(venueId);
            const responses = [
              await outsider.get(url),
              await outsider.get(itemUrl(c.path, id)),
              await outsider.post(url, c.body(uniqueKey())),
              await outsider.patch(itemUrl(c.path, id), c.patch),
              await outsider.delete(itemUrl(c.path, id)),
            ];
            for (const response of responses) {
              expect(response.statusCode, response.body).toBe(404);
              expect(response.json()).toEqual({ message: 'Venue not found.', code: 'not_found' });
            }
          }
          const noVenue = axeManager.in(null);
          for (const response of [
            await noVenue.get(url),
            await noVenue.post(url, c.body(uniqueKey())),
            await noVenue.delete(itemUrl(c.path, id)),
          ]) {
            expect(response.statusCode, response.body).toBe(400);
            expect(response.json()).toMatchObject({ code: 'bad_request', details: { fields: [{ path: 'X-Venue-Id' }] } });
          }
          for (const response of [
            await t.request('GET', url, { venue: 'demo-bowl' }),
            await t.request('POST', url, { venue: 'demo-bowl', body: c.body(uniqueKey()) }),
            await t.request('DELETE', itemUrl(c.path, id), { venue: 'demo-bowl' }),
          ]) {
            expect(response.statusCode, response.body).toBe(401);
          }
        });
      });

      it('a superadmin may work in any venue without being a member', async () => {
        const admin = await t.as('admin@demo.test', venue.id);
        const record = await create(admin, c.path, c.body(uniqueKey()));
        expect(await getItem(venue.staff, c.path, c.idOf(record))).toEqual(stored(c, record));
        expect((await admin.delete(itemUrl(c.path, c.idOf(record)))).statusCode).toBe(204);
      });
    });
  });
});
