import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { lockRows } from './locking.js';

/**
 * The one way to query a venue-owned table (a table with a venue_id column): every select,
 * insert, update, delete and lock made through `forVenue(tx, venueId)` carries the venue, so a
 * query cannot forget it, and a row cannot be written into or moved to another venue. Module
 * code never writes `eq(table.venueId, ...)` itself (eslint.config.js); a join scopes its
 * venue-owned side with `scope(table)`.
 *
 *   const venue = forVenue(tx, venueId);
 *   await venue.select(products, eq(products.isDeleted, false), { orderBy: [asc(products.name)] });
 *   await venue.insert(taxes, { id, name, rate }).returning();
 *   await venue.update(products, eq(products.id, id), { isPaused: true });
 */

/** A table a venue owns: its rows carry venue_id. */
export type VenueOwnedTable = PgTable & { venueId: PgColumn };
/** Values of a new row: everything but the venue, which forVenue supplies. */
export type VenueRowValues<T extends VenueOwnedTable> = Omit<T['$inferInsert'], 'venueId'>;
/** Changes to rows: never their venue. */
export type VenueRowChanges<T extends VenueOwnedTable> = Omit<PgUpdateSetSource<T>, 'venueId'>;

/** The value a selected column or expression reads as. */
type FieldValue<F> = F extends PgColumn
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends SQL<infer T>
    ? T
    : never;

export interface ReadOptions {
  /** selectFields only: one row per group (its fields aggregates, or the grouped columns). */
  groupBy?: (PgColumn | SQL)[];
  orderBy?: (PgColumn | SQL)[];
  limit?: number;
  offset?: number;
}

/** The types keep venueId out of values and changes; this keeps it out of untyped ones (a Row). */
function notTheVenue<V extends object>(values: V): V {
  if ('venueId' in values) throw new Error('forVenue supplies venue_id: values and changes never carry one.');
  return values;
}

export function forVenue(handle: Db | Tx, venueId: string): VenueScope {
  return new VenueScope(handle, venueId);
}

export class VenueScope {
  constructor(
    private readonly handle: Db | Tx,
    readonly venueId: string,
  ) {}

  /** `table.venue_id = venueId`, and `where`: for joins and sub-selects. */
  scope(table: VenueOwnedTable, where?: SQL): SQL {
    return and(eq(table.venueId, this.venueId), where)!;
  }

  async select<T extends VenueOwnedTable>(table: T, where?: SQL, options: ReadOptions = {}): Promise<T['$inferSelect'][]> {
    let query = this.handle
      .select()
      .from(table as PgTable)
      .where(this.scope(table, where))
      .$dynamic();
    if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
    if (options.limit !== undefined) query = query.limit(options.limit);
    if (options.offset) query = query.offset(options.offset);
    return (await query) as T['$inferSelect'][];
  }

  /**
   * Only the named columns of this venue's rows: a hot read that would spend its time decoding
   * columns it does not use. A field may also be an expression over the row (`sql<T>`).
   */
  async selectFields<F extends Record<string, PgColumn | SQL>>(
    table: VenueOwnedTable,
    fields: F,
    where?: SQL,
    options: ReadOptions = {},
  ): Promise<{ [K in keyof F]: FieldValue<F[K]> }[]> {
    let query = this.handle
      .select(fields)
      .from(table as PgTable)
      .where(this.scope(table, where))
      .$dynamic();
    if (options.groupBy?.length) query = query.groupBy(...options.groupBy);
    if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
    if (options.limit !== undefined) query = query.limit(options.limit);
    if (options.offset) query = query.offset(options.offset);
    return (await query) as never;
  }

  /**
   * Named fields (columns, or `sql<T>`...`.as('name')` expressions) of this venue's rows matching
   * `where`, as a query to put inside another statement (a `$with` CTE), not run on its own.
   */
  subselect<F extends Record<string, PgColumn | SQL.Aliased>>(table: VenueOwnedTable, fields: F, where?: SQL) {
    return this.handle
      .select(fields)
      .from(table as PgTable)
      .where(this.scope(table, where));
  }

  /** The distinct values of an expression over this venue's rows (a CSV export's columns). */
  async distinct(table: VenueOwnedTable, value: SQL<string>, where?: SQL): Promise<string[]> {
    const rows = await this.handle
      .selectDistinct({ value })
      .from(table as PgTable)
      .where(this.scope(table, where));
    return rows.map((row) => row.value);
  }

  async first<T extends VenueOwnedTable>(
    table: T,
    where?: SQL,
    options: Pick<ReadOptions, 'orderBy'> = {},
  ): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.select(table, where, { ...options, limit: 1 });
    return row;
  }

  async exists(table: VenueOwnedTable, where?: SQL): Promise<boolean> {
    const found = await this.handle
      .select({ found: sql`1` })
      .from(table as PgTable)
      .where(this.scope(table, where))
      .limit(1);
    return found.length > 0;
  }

  async count(table: VenueOwnedTable, where?: SQL): Promise<number> {
    const [{ total }] = await this.handle
      .select({ total: count() })
      .from(table as PgTable)
      .where(this.scope(table, where));
    return total;
  }

  /** One row of aggregates (counts by condition, sums) over this venue's rows matching `where`. */
  async aggregate<F extends Record<string, SQL>>(
    table: VenueOwnedTable,
    fields: F,
    where?: SQL,
  ): Promise<{ [K in keyof F]: F[K] extends SQL<infer T> ? T : never }> {
    const [row] = await this.handle
      .select(fields)
      .from(table as PgTable)
      .where(this.scope(table, where));
    return row as never;
  }

  /**
   * How many rows match, counting no further than `cap`: a list over a million rows says
   * "10,000+" rather than count them all on every page.
   */
  async countUpTo(table: VenueOwnedTable, where: SQL | undefined, cap: number): Promise<number> {
    const matching = this.handle
      .select({ one: sql`1` })
      .from(table as PgTable)
      .where(this.scope(table, where))
      .limit(cap)
      .as('matching');
    const [{ total }] = await this.handle.select({ total: count() }).from(matching);
    return total;
  }

  /**
   * A page of rows and the number of all that match, in one round trip (the total rides along
   * each row); a page past the end asks for the total on its own.
   */
  async page<T extends VenueOwnedTable>(
    table: T,
    where: SQL | undefined,
    options: ReadOptions & { limit: number; offset: number },
  ): Promise<{ rows: T['$inferSelect'][]; total: number }> {
    let query = this.handle
      .select({ row: getTableColumns(table as PgTable), matching: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(table as PgTable)
      .where(this.scope(table, where))
      .$dynamic();
    if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
    const found = await query.limit(options.limit).offset(options.offset);
    const total = found.length ? found[0].matching : options.offset > 0 ? await this.count(table, where) : 0;
    return { rows: found.map((f) => f.row as T['$inferSelect']), total };
  }

  /** Inserts rows of this venue; chain `.onConflictDoNothing()`, `.returning()`... as with drizzle. */
  insert<T extends VenueOwnedTable>(table: T, values: VenueRowValues<T> | VenueRowValues<T>[]) {
    const rows = (Array.isArray(values) ? values : [values]).map((row) => ({ ...notTheVenue(row), venueId: this.venueId }));
    return this.handle.insert(table).values(rows as PgInsertValue<T>[]);
  }

  /** Updates this venue's rows matching `where` (undefined: all of them); chain `.returning()`. */
  update<T extends VenueOwnedTable>(table: T, where: SQL | undefined, changes: VenueRowChanges<T>) {
    return this.handle
      .update(table)
      .set(notTheVenue(changes) as PgUpdateSetSource<T>)
      .where(this.scope(table, where));
  }

  /** Deletes this venue's rows matching `where` (undefined: all of them); chain `.returning()`. */
  delete<T extends VenueOwnedTable>(table: T, where: SQL | undefined) {
    return this.handle.delete(table).where(this.scope(table, where));
  }

  /** `SELECT ... FOR UPDATE` (or FOR SHARE) of this venue's rows matching `where` (platform/locking.ts). */
  lock<T extends VenueOwnedTable & { id: PgColumn }>(
    table: T,
    where: SQL | undefined,
    options: { mode?: 'update' | 'share' } = {},
  ): Promise<T['$inferSelect'][]> {
    return lockRows(this.handle, table, this.scope(table, where), options);
  }
}
