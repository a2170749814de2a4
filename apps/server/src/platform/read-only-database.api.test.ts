import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';
import type { TestServer } from '../../test/server.js';

/**
 * A database that is reached but refuses to write (issue 33): read-only here, as a standby after
 * a failover or an operator's switch makes it; a full disk is refused the same way. Every write
 * answers 503 database_unavailable with Retry-After, like a lost connection, never a 500; reads
 * go on; writes work again once it is writable.
 */

/** Makes every new transaction read-only (or writable again) on the test server's database. */
async function setReadOnly(t: TestServer, readOnly: boolean) {
  const setting = readOnly ? 'on' : 'off';
  if (t.kind === 'pglite') {
    // One session: a session setting holds for everything the server does from now on.
    await t.database.executeSql(`set default_transaction_read_only = ${setting}`, []);
    return;
  }
  // PostgreSQL: the database's default, which new sessions take; the pool's open ones are ended.
  const name = new URL(t.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  try {
    // This session itself is read-only when it comes to undo it.
    await admin.query('set default_transaction_read_only = off');
    await admin.query(`alter database "${name}" set default_transaction_read_only = ${setting}`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  } finally {
    await admin.end();
  }
}

describeEachDatabase('a database that refuses writes', (t) => {
  it('answers a write 503 database_unavailable with Retry-After, reads go on, and writes work again once it is writable', async () => {
    const venue = await t.addVenue();
    await setReadOnly(t, true);
    try {
      // The pool reconnects (PostgreSQL): reads answer again, from read-only sessions.
      await vi.waitFor(async () => expect((await venue.owner.get('/api/private/taxes')).statusCode).toBe(200), {
        timeout: 15_000,
        interval: 200,
      });
      const refused = await venue.owner.post('/api/private/taxes', { name: 'Sales tax', rate: 8 });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'database_unavailable' });
      expect((await venue.owner.get('/api/private/taxes')).json()).toMatchObject({ total: 0 });
    } finally {
      await setReadOnly(t, false);
    }
    await vi.waitFor(
      async () => {
        const created = await venue.owner.post('/api/private/taxes', { name: 'Sales tax', rate: 8 });
        expect(created.statusCode, created.body).toBe(201);
      },
      { timeout: 15_000, interval: 200 },
    );
  }, 60_000);
});
