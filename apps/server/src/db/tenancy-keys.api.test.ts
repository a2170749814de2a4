import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';
import type { TestServer } from '../../test/server.js';

/**
 * The schema is ready for Citus sharding by venue_id (docs/deployment.md, decision 027):
 * a distributed table's primary, unique and exclusion keys must contain the distribution column,
 * and a foreign key between two distributed tables must join them on it. So every table with a
 * venue_id column has venue_id in each such key, and a foreign key to another venue-owned table
 * maps venue_id to its venue_id (to `venues`, to its id); a foreign key to a table without a
 * venue is allowed only to a reference table (replicated to every node).
 */

/** Tables without venue_id that Citus replicates to every node: small, read on every request, joined across venues. */
const REFERENCE_TABLES = ['account', 'onboarding_progress', 'session', 'user', 'venues', 'verification'];
/**
 * Tables without venue_id that stay plain tables on the coordinator: the payment provider's
 * events (keyed by the provider's ids), and the built-in payment sandbox, which stands in for the
 * provider's own database (production uses Stripe).
 */
const LOCAL_TABLES = [
  'payment_events',
  'sandbox_account_links',
  'sandbox_bank_accounts',
  'sandbox_checkouts',
  'sandbox_events',
  'sandbox_payments',
  'sandbox_transactions',
];

/**
 * Keys of venue-owned tables without venue_id, each with the reason; docs/deployment.md says what
 * becomes of them under Citus. A key fixed later must leave this list (the test compares exactly).
 */
const ALLOWED = {
  // A customer's booking reference is looked up with no venue (/api/public/booking/:ref) and so is
  // unique across venues; under Citus it moves to a lookup table distributed by the reference.
  'bookings.bookings_reference': 'unique index',
  // The friends' sign-only token is looked up with no venue either (/api/public/signing/:token), like the reference.
  'bookings.bookings_signing_token': 'unique index',
  // The outbox holds account mail too (confirmation, password reset), whose venue_id is null:
  // a local table, not a venue's.
  'mail_outbox.mail_outbox_pkey': 'primary key',
  // The sandbox's connected account: the provider's side, a local table like the other sandbox_ tables.
  'sandbox_accounts.sandbox_accounts_idempotency_key_unique': 'unique key',
  'sandbox_accounts.sandbox_accounts_pkey': 'primary key',
};

const KINDS: Record<string, string> = { p: 'primary key', u: 'unique key', f: 'foreign key', x: 'exclusion constraint' };

async function rows<T>(t: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describeEachDatabase('tenancy keys: the schema shards by venue_id', (t) => {
  it('every table is venue-owned (venue_id), a reference table or a local one', async () => {
    const withoutVenue = await rows<{ table: string }>(
      t,
      sql`select c.relname as "table" from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
            and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'venue_id' and not a.attisdropped)
          order by 1`,
    );
    expect(withoutVenue.map((r) => r.table)).toEqual([...REFERENCE_TABLES, ...LOCAL_TABLES].sort());
  });

  it('every primary, unique, foreign and exclusion key and unique index of a venue-owned table includes venue_id (bar the allowed ones)', async () => {
    const found = await rows<{ key: string; kind: string; definition: string }>(
      t,
      sql`with tenant as (
            select c.oid, c.relname, a.attnum as venue_col from pg_class c
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'venue_id' and not a.attisdropped
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          )
          select t.relname || '.' || con.conname as key, con.contype::text as kind, pg_get_constraintdef(con.oid) as definition
          from tenant t join pg_constraint con on con.conrelid = t.oid
          where con.contype in ('p', 'u', 'x') and not (t.venue_col = any(con.conkey))
          union all
          -- A foreign key: venue_id must meet the other table's venue_id (venues: its id); to a table without a venue, a reference table only.
          select t.relname || '.' || con.conname, 'f', pg_get_constraintdef(con.oid)
          from tenant t join pg_constraint con on con.conrelid = t.oid and con.contype = 'f'
          join pg_class ref on ref.oid = con.confrelid
          left join tenant rt on rt.oid = con.confrelid
          where case
            when rt.oid is not null or ref.relname = 'venues' then not exists (
              select 1 from unnest(con.conkey, con.confkey) as k(col, refcol)
              join pg_attribute ra on ra.attrelid = con.confrelid and ra.attnum = k.refcol
              where k.col = t.venue_col and ra.attname = case when ref.relname = 'venues' then 'id' else 'venue_id' end)
            else ref.relname not in (${sql.join(
              REFERENCE_TABLES.map((name) => sql`${name}`),
              sql`, `,
            )})
          end
          union all
          select t.relname || '.' || ic.relname, 'unique index', pg_get_indexdef(i.indexrelid)
          from tenant t join pg_index i on i.indrelid = t.oid and i.indisunique
          join pg_class ic on ic.oid = i.indexrelid
          where not (t.venue_col = any(i.indkey::int2[]))
            and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid and con.conrelid = t.oid)
          order by 1`,
    );
    const violations = Object.fromEntries(found.map((r) => [r.key, KINDS[r.kind] ?? r.kind]));
    expect(violations, JSON.stringify(found, null, 2)).toEqual(ALLOWED);
  });
});
