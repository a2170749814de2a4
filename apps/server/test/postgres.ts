import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the API suite runs its second leg against (README: npm test). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Each test file gets a database of its own, named with the worker's pid so stale ones can be found. */
const DATABASE_PREFIX = 'lanebook_test_';

export interface PostgresStatus {
  available: boolean;
  /** Why the Postgres leg cannot run, when it cannot. */
  reason: string;
  required: boolean;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A client on a database where CREATE DATABASE can run: the one TEST_DATABASE_URL names,
 * or the `postgres` database when that one does not exist yet.
 */
async function adminClient(): Promise<pg.Client> {
  const first = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await first.connect();
    return first;
  } catch (error) {
    await first.end().catch(() => {});
    if ((error as { code?: string }).code !== '3D000') throw error;
    const fallback = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, 'postgres'), connectionTimeoutMillis: 3000 });
    await fallback.connect();
    return fallback;
  }
}

export async function probePostgres(): Promise<PostgresStatus> {
  const required = process.env.REQUIRE_POSTGRES === '1' || process.env.REQUIRE_POSTGRES === 'true';
  try {
    const client = await adminClient();
    try {
      await client.query('select 1');
      await dropStaleDatabases(client);
    } finally {
      await client.end();
    }
    return { available: true, reason: '', required };
  } catch (error) {
    return { available: false, reason: `${TEST_DATABASE_URL}: ${(error as Error).message || String(error)}`, required };
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Databases left by a run that was killed: their worker process is gone. */
async function dropStaleDatabases(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
    `${DATABASE_PREFIX}%`,
  ]);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(DATABASE_PREFIX.length).split('_')[0]);
    if (pid && !isRunning(pid)) await client.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
  }
}

/** Creates a database for one test file, empty or a copy of `template`; `drop` removes it again. */
export async function createTestDatabase(template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${DATABASE_PREFIX}${process.pid}_${randomBytes(6).toString('hex')}`;
  const client = await adminClient();
  try {
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await client.end();
  }
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    name,
    drop: async () => {
      const admin = await adminClient();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
