import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';

/** Same default as the API tests (apps/server/test/postgres.ts). */
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
/**
 * The benches' own database, so they never touch the tests' or anyone's data; one per run (the
 * process id), so two runs at once on a shared server do not drop each other's.
 */
const BENCH_DATABASE_NAME = `lanebook_bench_${process.pid}`;

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Why this kind was chosen, for the output. */
  reason: string;
  /** An empty, migrated database: on PostgreSQL, `lanebook_bench_<pid>` dropped and created again. */
  open(): Promise<Database>;
  /** Drops `lanebook_bench_<pid>` at the end of the run. */
  dispose(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A client on the server where CREATE DATABASE can run: the URL's database, or `postgres` when that one does not exist. */
async function adminClient(serverUrl: string): Promise<pg.Client> {
  const ownName = new URL(serverUrl).pathname.slice(1);
  const candidates =
    ownName && ownName !== BENCH_DATABASE_NAME
      ? [serverUrl, withDatabaseName(serverUrl, 'postgres')]
      : [withDatabaseName(serverUrl, 'postgres')];
  for (const [index, url] of candidates.entries()) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      const databaseMissing = (error as { code?: string }).code === '3D000';
      if (!databaseMissing || index === candidates.length - 1) throw error;
    }
  }
  throw new Error('unreachable');
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await adminClient(serverUrl);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Imported when a benchmark asks for a database, so benchmarks without one run even while the server does not load.
const openDatabase: typeof import('../../apps/server/src/db/client.js').openDatabase = async (options) =>
  (await import('../../apps/server/src/db/client.js')).openDatabase(options);

function pglite(reason: string): BenchDatabase {
  return { kind: 'pglite', reason, open: () => openDatabase({ dataDir: null }), dispose: async () => {} };
}

/**
 * PostgreSQL when BENCH_DATABASE=postgres, when DATABASE_URL is set, or when the tests' server
 * answers; PGlite when BENCH_DATABASE=pglite or no PostgreSQL answers.
 */
export async function chooseDatabase(): Promise<BenchDatabase> {
  const forced = process.env.BENCH_DATABASE;
  if (forced && forced !== 'pglite' && forced !== 'postgres') throw new Error(`BENCH_DATABASE must be pglite or postgres, not "${forced}"`);
  if (forced === 'pglite') return pglite('BENCH_DATABASE=pglite');

  const explicitUrl = process.env.DATABASE_URL || undefined;
  const serverUrl = explicitUrl ?? (process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL);
  const server = new URL(serverUrl).host;
  try {
    await withAdmin(serverUrl, (client) => client.query('select 1'));
  } catch (error) {
    const why = `${server}: ${(error as Error).message || String(error)}`;
    // Asked for PostgreSQL explicitly: falling back would measure the wrong thing.
    if (explicitUrl || forced === 'postgres') throw new Error(`PostgreSQL unreachable (${why})`);
    return pglite(`no PostgreSQL at ${why}`);
  }

  const benchUrl = withDatabaseName(serverUrl, BENCH_DATABASE_NAME);
  const drop = (client: pg.Client) => client.query(`drop database if exists "${BENCH_DATABASE_NAME}" with (force)`);
  return {
    kind: 'postgres',
    reason: `${explicitUrl ? 'DATABASE_URL' : 'test server'} ${server}, database ${BENCH_DATABASE_NAME}`,
    open: async () => {
      await withAdmin(serverUrl, async (client) => {
        await drop(client);
        await client.query(`create database "${BENCH_DATABASE_NAME}"`);
      });
      return openDatabase({ databaseUrl: benchUrl });
    },
    // BENCH_KEEP_DATABASE=1 leaves the last benchmark's data to look into (EXPLAIN); drop it by hand.
    dispose: () => (process.env.BENCH_KEEP_DATABASE ? Promise.resolve() : withAdmin(serverUrl, drop).then(() => {})),
  };
}
