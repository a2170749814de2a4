import { and, asc, is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
export { LOCK_TIMEOUT_MESSAGE, lockTimeout } from './errors.js';

/**
 * Transactions and locks (decision 011), after pretix's services/locking.py: a rule that reads
 * and then writes (the last owner of a venue, the records a product names, the one default
 * widget template) reads inside the transaction that writes, after taking the lock that makes
 * the read still true at commit. Locks are taken in a stable order (sorted) so two requests
 * never wait for each other in a circle, and never longer than LOCK_TIMEOUT: a lock that does
 * not come answers 409 `lock_timeout` (mapped in errors.ts), never a hang.
 *
 * PGlite is one session: every lock is trivially granted there, and the helpers still run.
 */

/** How long a statement waits for a lock before the request gives up (PostgreSQL syntax). */
export const LOCK_TIMEOUT = '3s';

/** Services take a transaction; routes open it with this (one place to change how). */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** Transactions whose lock_timeout is set already (one SET LOCAL per transaction). */
const timed = new WeakSet<object>();

function assertTransaction(tx: Db | Tx, what: string): asserts tx is Tx {
  // Both drivers' transactions (and savepoints) are PgTransaction; the database handle is not.
  if (!is(tx, PgTransaction)) throw new Error(`${what} needs a transaction: open one with withTransaction(db, fn).`);
}

async function setLockTimeout(tx: Tx, timeout: string) {
  if (timed.has(tx)) return;
  await tx.execute(sql`select set_config('lock_timeout', ${timeout}, true)`);
  timed.add(tx);
}

/**
 * Transaction-scoped advisory locks on named keys (`venue-owners:<venueId>`), taken in sorted
 * order, released at commit or rollback. `shared` locks do not exclude each other, only the
 * exclusive lock of the same key. Refuses to run outside a transaction.
 */
export async function lockKeys(tx: Db | Tx, keys: string[], options: { timeout?: string; shared?: boolean } = {}): Promise<void> {
  assertTransaction(tx, 'lockKeys');
  const lock = options.shared ? sql.raw('pg_advisory_xact_lock_shared') : sql.raw('pg_advisory_xact_lock');
  const locks = [...new Set(keys)].sort().map((key) => sql`${lock}(hashtext(${key}))`);
  // One round trip: the timeout first (select items are evaluated in order), then each lock.
  const timeout = timed.has(tx) ? [] : [sql`set_config('lock_timeout', ${options.timeout ?? LOCK_TIMEOUT}, true)`];
  await tx.execute(sql`select ${sql.join([...timeout, ...locks], sql`, `)}`);
  timed.add(tx);
}

/**
 * The key of a venue's slot occupancy (migration 0006, decision 015): the database triggers take
 * it exclusively where slots move and shared where lane holds change. A transaction that locks
 * slot or booking rows itself takes it first (`lockKeys`, shared when it only books), so it
 * never holds a row the trigger's lock would wait behind.
 */
export const slotOccupancyKey = (venueId: string) => `venue-slots:${venueId}`;

type LockableTable = PgTable & { id: PgColumn };

/**
 * `SELECT ... FOR UPDATE` (or FOR SHARE) of the rows of `table` matching `where`, in order of
 * id, and returns them. FOR SHARE is for rows a write relies on staying (records a product
 * names); FOR UPDATE for rows it is about to change or delete. Refuses outside a transaction.
 */
export async function lockRows<T extends LockableTable>(
  tx: Db | Tx,
  table: T,
  where: SQL | undefined,
  options: { mode?: 'update' | 'share'; timeout?: string } = {},
): Promise<T['$inferSelect'][]> {
  assertTransaction(tx, 'lockRows');
  await setLockTimeout(tx, options.timeout ?? LOCK_TIMEOUT);
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(and(where))
    .orderBy(asc(table.id))
    .for(options.mode ?? 'update');
  return rows as T['$inferSelect'][];
}
