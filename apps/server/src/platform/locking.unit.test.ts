import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PERMISSIONS } from '@lanebook/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { venues } from '../db/schema.js';
import { databaseError, LOCK_TIMEOUT_MESSAGE } from './errors.js';
import { lockKeys, lockRows, withTransaction } from './locking.js';

describe('locking helpers (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
  }, 60_000);
  afterAll(() => database?.close());

  it('refuse to run outside a transaction', async () => {
    await expect(lockKeys(database.db, ['venue-owners:x'])).rejects.toThrow(/lockKeys needs a transaction/);
    await expect(lockRows(database.db, venues, eq(venues.id, 'x'))).rejects.toThrow(/lockRows needs a transaction/);
  });

  it('inside a transaction: take advisory locks (any order of keys, repeated keys) and set the lock timeout', async () => {
    const timeout = await withTransaction(database.db, async (tx) => {
      await lockKeys(tx, ['b', 'a', 'b']);
      return ((await tx.execute(sql`show lock_timeout`)) as unknown as { rows: { lock_timeout: string }[] }).rows[0].lock_timeout;
    });
    expect(timeout).toBe('3s');
    // SET LOCAL: gone with the transaction.
    const after = (await database.db.execute(sql`show lock_timeout`)) as unknown as { rows: { lock_timeout: string }[] };
    expect(after.rows[0].lock_timeout).toBe('0');
  });

  it('lock rows FOR UPDATE or FOR SHARE and return them in order of id', async () => {
    await database.db.insert(venues).values([
      { id: 'lock-b', name: 'B', timezone: 'UTC', permissions: DEFAULT_PERMISSIONS },
      { id: 'lock-a', name: 'A', timezone: 'UTC', permissions: DEFAULT_PERMISSIONS },
    ]);
    const ids = await withTransaction(database.db, async (tx) => {
      const forUpdate = await lockRows(tx, venues, sql`${venues.id} like 'lock-%'`);
      const forShare = await lockRows(tx, venues, sql`${venues.id} like 'lock-%'`, { mode: 'share' });
      return [forUpdate.map((v) => v.id), forShare.map((v) => v.id)];
    });
    expect(ids).toEqual([
      ['lock-a', 'lock-b'],
      ['lock-a', 'lock-b'],
    ]);
  });

  it('database refusals map to API errors in one place', () => {
    const wrapped = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });
    expect(databaseError(wrapped('23505'))).toMatchObject({ statusCode: 409, code: 'duplicate' });
    expect(databaseError(wrapped('23503'))).toMatchObject({ statusCode: 409, code: 'in_use' });
    expect(databaseError(wrapped('23P01'))).toMatchObject({ statusCode: 409, code: 'conflict' });
    for (const code of ['55P03', '57014', '40P01'])
      expect(databaseError({ code })).toMatchObject({ statusCode: 409, code: 'lock_timeout', message: LOCK_TIMEOUT_MESSAGE });
    expect(databaseError(new Error('other'))).toBeNull();
  });
});
