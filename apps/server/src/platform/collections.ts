import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, getTableColumns, getTableName, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { noContentSchema, pagedSchema, type PermissionArea, type PermissionKey } from '@lanebook/core';
import type { AppConfig } from './module.js';
import type { Db, Tx } from '../db/client.js';
import { identityOf, venueOf, type Identity } from './access.js';
import { AppError, conflict, notFound, pgErrorCode, validationFailed } from './errors.js';
import { errorResponses, idParams, likePattern, pageQuery, preSerialized, searchQuery } from './http.js';
import { withTransaction } from './locking.js';
import { storageKeyOf, type Storage } from './storage.js';
import type { VenueReads } from './venue-reads.js';
import { forVenue } from './venue-scope.js';

/**
 * One way to declare a venue-owned collection (lanes, products, taxes, ...): its schema,
 * permission area, references and rules. `registerCollection` turns a declaration into
 * GET list, POST, GET/PATCH/DELETE /{id} and pause/resume under /api/private/{path}, always
 * scoped to the venue of the request (every query goes through forVenue, platform/venue-scope.ts).
 * Rules particular to one collection live in its hooks.
 */

/** A venue-owned table: keyed on (venue_id, id), with timestamps. */
export type OwnedTable = PgTable & {
  venueId: PgColumn;
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

export type Row = Record<string, unknown>;

export interface CollectionContext {
  venueId: string;
  identity: Identity;
  /** The transaction the write runs in (the database itself for `validate`, which runs before it). */
  tx: Tx | Db;
  config: AppConfig;
}

/** What the machinery needs from the app. */
export interface CollectionServices {
  db: Db;
  reads: VenueReads;
  storage: Storage;
  config: AppConfig;
  /** Every collection of the app: an image is removed only when no record of any of them shows it. */
  collections: CollectionDef[];
}

/**
 * A field that holds ids of another collection of the same venue: each must be a live record
 * of it (not soft-deleted). Declared with the other collection's declaration, so a module
 * never needs another module's table.
 */
export interface Reference {
  field: string;
  collection: CollectionDef;
}

interface RecordSchema {
  fields: z.ZodObject;
  full: z.ZodType;
  patch: z.ZodObject;
  /** A record as every route answers it (the response schema: a key not in it never goes out). */
  record: z.ZodObject;
  /** The answer to the create, when it shows more than the record (revealedOnCreate). */
  created?: z.ZodObject;
}

export interface CollectionDef {
  /** URL segment: /api/private/{path}. */
  path: string;
  area: PermissionArea;
  /** Singular, for messages: "Tax not found." */
  label: string;
  /**
   * The nouns of its operationIds, which generated clients name their functions by (so they stay
   * as they are): `{ one: 'Tax', many: 'Taxes' }` makes listTaxes, getTax, createTax, updateTax,
   * deleteTax, pauseTax and resumeTax.
   */
  operationNoun: { one: string; many: string };
  table: OwnedTable;
  schema: RecordSchema;
  defaults: Row;
  /** Where the id comes from: the body (lanes) or generated. */
  idFromBody?: boolean;
  /** Fields chosen once, at creation, and refused in a PATCH (an integration's type). */
  fixedAfterCreate?: string[];
  pausable?: boolean;
  /** Soft delete: a column set to true instead of deleting the row; such rows are gone for the API. */
  softDeleteColumn?: PgColumn;
  search: PgColumn[];
  /** Sort keys of the list; a key may order by several expressions (natural order of "Lane 2" before "Lane 10"). */
  sorts: Record<string, PgColumn | SQL | (PgColumn | SQL)[]>;
  defaultSort: string;
  /** Boolean columns the list can filter on (?isPaused=true). */
  flags?: Record<string, PgColumn>;
  references?: Reference[];
  /** The 409 message when a unique key (id, code, ...) is taken. */
  duplicateMessage: (record: Row) => string;
  /** Columns never sent to clients. */
  hidden?: string[];
  /** Hidden columns shown once, in the answer to the create (a generated secret). */
  revealedOnCreate?: string[];
  /**
   * Fields holding an image URL. When a PATCH replaces one or the record is deleted (soft
   * deletes included), the old image is removed from storage after the transaction commits,
   * if it is an upload of this venue that no other live record of any collection still shows.
   */
  imageFields?: string[];
  hooks?: {
    /**
     * Before the write's transaction, on the whole record (merged, on PATCH): checks that need
     * slow I/O (resolving a host name) and must not hold a transaction open; throw to refuse.
     */
    validate?: (ctx: CollectionContext, record: Row, existing: Row | null) => Promise<void>;
    /** Extra columns of a new row (e.g. a generated secret). */
    created?: (record: Row) => Row;
    /** Inside the write's transaction, before insert or update; `existing` is null on create. It may normalize `record` (a waiver's text is sanitized). */
    beforeSave?: (ctx: CollectionContext, record: Row, existing: Row | null) => Promise<void>;
    /** Inside the delete's transaction; throw to refuse. */
    beforeDelete?: (ctx: CollectionContext, existing: Row) => Promise<void>;
  };
}

const listQuery = pageQuery(100, 500).extend({
  search: searchQuery,
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc'], { message: 'Order must be asc or desc' }).optional(),
});
const flagValue = z.enum(['true', 'false'], { message: 'Must be true or false' });

/** The property key of a column in its table (rows and `.set()` use it, not the SQL name). */
function columnKey(table: OwnedTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!found) throw new Error(`Column ${column.name} is not a column of its collection's table`);
  return found[0];
}

export function toDto(def: CollectionDef, row: Row): Row {
  const out: Row = {};
  // The soft-delete column goes out (a product's isDeleted, the spec's field): false on every live record.
  const hidden = new Set(['venueId', ...(def.hidden ?? [])]);
  for (const [key, value] of Object.entries(row)) {
    if (hidden.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

function parseRecord(schema: z.ZodType, value: unknown): Row {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  return parsed.data as Row;
}

/**
 * Every id a record names must be a live row of the same venue; another venue's id is simply
 * not found. Runs in the write's transaction and locks the rows it found FOR SHARE until the
 * commit: a delete of one of them (which locks it FOR UPDATE, then looks for users) waits and
 * then sees the new record, or goes first and this finds nothing. The jsonb id lists have no
 * foreign key behind them; this is what keeps them true.
 */
export async function checkReferences(tx: Tx, venueId: string, references: Reference[], record: Row, only?: Set<string>) {
  const issues: { path: string[]; message: string }[] = [];
  for (const ref of references) {
    if (only && !only.has(ref.field)) continue;
    const value = record[ref.field];
    const ids = [...new Set((Array.isArray(value) ? value : value ? [value] : []) as string[])];
    if (ids.length === 0) continue;
    const { table, softDeleteColumn, label } = ref.collection;
    const live = softDeleteColumn ? eq(softDeleteColumn, false) : undefined;
    const found = await forVenue(tx, venueId).lock(table, and(inArray(table.id, ids), live), { mode: 'share' });
    const known = new Set(found.map((r) => r.id as string));
    for (const id of ids) if (!known.has(id)) issues.push({ path: [ref.field], message: `${label} '${id}' not found` });
  }
  if (issues.length) throw validationFailed(issues);
}

/** The upload keys among a record's image fields that are this venue's own. */
function ownImageKeys(def: CollectionDef, venueId: string, record: Row, fields = def.imageFields ?? []): string[] {
  return fields.map((field) => storageKeyOf(record[field])).filter((key): key is string => key?.startsWith(`${venueId}/`) ?? false);
}

/**
 * After a write has committed: removes the images it stopped showing, unless a live record of
 * the venue (in any collection with image fields) still shows them. A failure is logged, never
 * the request's: the write itself is done, and the file only takes room.
 */
async function removeUnusedImages(services: CollectionServices, venueId: string, keys: string[], log: FastifyBaseLogger) {
  for (const key of new Set(keys)) {
    try {
      const url = `/uploads/${key}`;
      let used = false;
      for (const owner of services.collections) {
        if (!owner.imageFields?.length) continue;
        const columns = getTableColumns(owner.table);
        const conditions = [or(...owner.imageFields.map((field) => eq(columns[field], url)))];
        if (owner.softDeleteColumn) conditions.push(eq(owner.softDeleteColumn, false));
        if (await forVenue(services.db, venueId).exists(owner.table, and(...conditions))) {
          used = true;
          break;
        }
      }
      if (!used) await services.storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove an image that is no longer used');
    }
  }
}

export function registerCollection(fastify: FastifyInstance, services: CollectionServices, def: CollectionDef) {
  const { db, reads, config } = services;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `/api/private/${def.path}`;
  const tags = [def.path];
  const { one, many } = def.operationNoun;
  const label = def.label.toLowerCase();
  const { table } = def;
  const tableName = getTableName(table);
  const key = (action: string) => `${def.area}.${action}` as PermissionKey;
  const fieldNames = Object.keys(def.schema.fields.shape);
  // Pausing has its own permission and routes, so it is never part of a create or a save; a new
  // record gets the collection's default (a new product starts paused). A chosen id is set once.
  const pausedKey = def.pausable ? { isPaused: true as const } : {};
  const createSchema = def.schema.patch.omit(pausedKey);
  const fixedKeys = Object.fromEntries(
    [...(def.idFromBody ? ['id'] : []), ...(def.fixedAfterCreate ?? [])].map((name) => [name, true as const]),
  );
  const patchSchema = def.schema.patch.omit({ ...pausedKey, ...fixedKeys });
  const sortKeys = Object.keys(def.sorts) as [string, ...string[]];

  /** What the API sees of the table: rows not soft-deleted (forVenue supplies the venue). */
  const live = def.softDeleteColumn ? eq(def.softDeleteColumn, false) : undefined;
  const liveWithId = (id: string) => and(live, eq(table.id, id));

  async function load(handle: Db | Tx, venueId: string, id: string): Promise<Row> {
    const row = await forVenue(handle, venueId).first(table, liveWithId(id));
    if (!row) throw notFound(def.label);
    return row as Row;
  }

  /** Unique keys and references that the database itself refuses become 409s with our message. */
  function mapDbError(error: unknown, record: Row): never {
    const code = pgErrorCode(error);
    if (code === '23505') throw conflict(def.duplicateMessage(record), 'duplicate');
    if (code === '23503')
      throw conflict(`This ${def.label.toLowerCase()} is used by other records and cannot be changed that way.`, 'in_use');
    throw error;
  }

  const listQuerySchema = listQuery.extend({
    sort: z.enum(sortKeys, { message: `Sort must be one of ${sortKeys.join(', ')}` }).optional(),
    ...Object.fromEntries(Object.keys(def.flags ?? {}).map((flag) => [flag, flagValue.optional()])),
  });

  async function list(venueId: string, query: z.infer<typeof listQuery> & Record<string, string | undefined>) {
    const conditions = [live];
    if (query.search && def.search.length) {
      const pattern = likePattern(query.search);
      conditions.push(or(...def.search.map((column) => ilike(column, pattern)))!);
    }
    for (const [flag, column] of Object.entries(def.flags ?? {})) {
      if (query[flag] !== undefined) conditions.push(eq(column, query[flag] === 'true'));
    }
    const sortBy = def.sorts[query.sort ?? def.defaultSort] ?? def.sorts[def.defaultSort];
    const direction = query.order === 'desc' ? desc : asc;
    const { rows, total } = await forVenue(db, venueId).page(table, and(...conditions), {
      orderBy: [...[sortBy].flat().map((expression) => direction(expression)), asc(table.id)],
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map((row) => toDto(def, row as Row)), total };
  }

  // Reads come from memory until the table changes for the venue (platform/venue-reads.ts).
  app.get(
    base,
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: `list${many}`,
        summary: `List ${label} records`,
        tags,
        querystring: listQuerySchema,
        response: { 200: pagedSchema(def.schema.record), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const query = request.query as z.infer<typeof listQuery> & Record<string, string | undefined>;
      const json = await reads.json(tableName, venueId, `list ${JSON.stringify(query)}`, () => list(venueId, query));
      return reply.type('application/json; charset=utf-8').send(preSerialized(json));
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: `get${one}`,
        summary: `One ${label} record`,
        tags,
        params: idParams,
        response: { 200: def.schema.record, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const json = await reads.json(tableName, venueId, `get ${request.params.id}`, async () =>
        toDto(def, await load(db, venueId, request.params.id)),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized(json));
    },
  );

  app.post(
    base,
    {
      config: { access: { permission: key('create') } },
      schema: {
        operationId: `create${one}`,
        summary: `Create a ${label} record`,
        tags,
        body: createSchema,
        response: { 201: def.schema.created ?? def.schema.record, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const record = parseRecord(def.schema.full, {
        ...structuredClone(def.defaults),
        ...(request.body as Row),
        ...(def.pausable ? { isPaused: def.defaults.isPaused ?? false } : {}),
      });
      await def.hooks?.validate?.({ venueId, identity: identityOf(request), tx: db, config }, record, null);
      const id = def.idFromBody ? (record.id as string) : randomUUID();
      const row = await withTransaction(db, async (tx) => {
        await checkReferences(tx, venueId, def.references ?? [], record);
        await def.hooks?.beforeSave?.({ venueId, identity: identityOf(request), tx, config }, record, null);
        const values = { ...record, ...def.hooks?.created?.(record), id };
        const inserted = await forVenue(tx, venueId).insert(table, values).onConflictDoNothing().returning();
        if (inserted.length === 0) throw conflict(def.duplicateMessage(record), 'duplicate');
        return inserted[0] as Row;
      }).catch((error) => (error instanceof AppError ? Promise.reject(error) : mapDbError(error, record)));
      const revealed = Object.fromEntries((def.revealedOnCreate ?? []).map((name) => [name, row[name]]));
      return reply.status(201).send({ ...toDto(def, row), ...revealed });
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: { permission: key('edit') } },
      schema: {
        operationId: `update${one}`,
        summary: `Change a ${label} record`,
        tags,
        params: idParams,
        body: patchSchema,
        response: { 200: def.schema.record, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      const patch = request.body as Row;
      // The whole merged record must still be valid (rules that span fields, e.g. min <= max).
      const mergeWith = (existing: Row) =>
        parseRecord(def.schema.full, { ...Object.fromEntries(fieldNames.map((name) => [name, existing[name]])), ...patch });
      const before = await load(db, venueId, request.params.id);
      // Slow checks (a host name) run before the transaction, on the record as it was read.
      await def.hooks?.validate?.({ venueId, identity: identityOf(request), tx: db, config }, mergeWith(before), before);
      let existing = before;
      let merged: Row = {};
      const row = await withTransaction(db, async (tx) => {
        // The record as it is now, locked until the commit: rules see what they change.
        [existing] = (await forVenue(tx, venueId).lock(table, liveWithId(request.params.id))) as Row[];
        if (!existing) throw notFound(def.label);
        merged = mergeWith(existing);
        await checkReferences(tx, venueId, def.references ?? [], merged, new Set(Object.keys(patch)));
        await def.hooks?.beforeSave?.({ venueId, identity: identityOf(request), tx, config }, merged, existing);
        const changes = Object.fromEntries(Object.keys(patch).map((name) => [name, merged[name]]));
        const [updated] = await forVenue(tx, venueId)
          .update(table, liveWithId(request.params.id), { ...changes, updatedAt: new Date() })
          .returning();
        if (!updated) throw notFound(def.label);
        return updated as Row;
      }).catch((error) => (error instanceof AppError ? Promise.reject(error) : mapDbError(error, merged)));
      const replaced = (def.imageFields ?? []).filter((field) => field in patch && existing[field] !== row[field]);
      await removeUnusedImages(services, venueId, ownImageKeys(def, venueId, existing, replaced), request.log);
      return toDto(def, row);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { permission: key('delete') } },
      schema: {
        operationId: `delete${one}`,
        summary: `Delete a ${label} record`,
        tags,
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const where = liveWithId(request.params.id);
      const existing = await withTransaction(db, async (tx) => {
        const venue = forVenue(tx, venueId);
        // Locked FOR UPDATE before the rules look for users of it: a record that names it
        // (and locks it FOR SHARE) is either committed and found, or waits and finds it gone.
        const [existing] = (await venue.lock(table, where)) as Row[];
        if (!existing) throw notFound(def.label);
        await def.hooks?.beforeDelete?.({ venueId, identity: identityOf(request), tx, config }, existing);
        if (def.softDeleteColumn)
          await venue.update(table, where, { [columnKey(table, def.softDeleteColumn)]: true, updatedAt: new Date() });
        else await venue.delete(table, where);
        return existing;
      }).catch((error) => {
        if (error instanceof AppError) throw error;
        if (pgErrorCode(error) === '23503') throw conflict(`This ${def.label.toLowerCase()} is in use and cannot be deleted.`, 'in_use');
        throw error;
      });
      await removeUnusedImages(services, venueId, ownImageKeys(def, venueId, existing), request.log);
      return reply.status(204).send();
    },
  );

  if (def.pausable) {
    for (const action of ['pause', 'resume'] as const) {
      app.post(
        `${base}/:id/${action}`,
        {
          config: { access: { permission: key('pause') } },
          schema: {
            operationId: `${action}${one}`,
            summary: `${action === 'pause' ? 'Pause' : 'Resume'} a ${label} record`,
            tags,
            params: idParams,
            response: { 200: def.schema.record, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const venueId = venueOf(request).id;
          await load(db, venueId, request.params.id);
          const [row] = await forVenue(db, venueId)
            .update(table, liveWithId(request.params.id), { isPaused: action === 'pause', updatedAt: new Date() })
            .returning();
          return toDto(def, row as Row);
        },
      );
    }
  }
}
