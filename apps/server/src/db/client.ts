import { mkdirSync, openSync, closeSync, writeFileSync, readFileSync, unlinkSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers produce this type, so the rest of the server never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres://... for PostgreSQL; otherwise PGlite in dataDir (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? null);
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover, admin) must not take the process
  // down; the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrate(drizzle(pool, { schema }), { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = () => {};
  let dbPath: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(dataDir);
    dbPath = path.join(dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(dbPath, { extensions: { btree_gist } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is one session in one process, and two processes opening one data dir corrupt it
 * without noticing; so the server holds DATA_DIR/lanebook.lock while it runs.
 */
export function takeDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'lanebook.lock');
  const tryCreate = () => {
    const fd = openSync(lockPath, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
  };
  try {
    tryCreate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockPath, 'utf8').trim());
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // The process that held it is gone (a crash or kill -9): the lock is stale.
    unlinkSync(lockPath);
    tryCreate();
  }
  return () => {
    if (existsSync(lockPath) && readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${path.resolve(dataDir)} is in use by another Lanebook server (process ${pid}). ` +
        'The embedded database allows one server at a time: stop the other one, or set DATA_DIR to another folder, ' +
        'or use DATABASE_URL for PostgreSQL to run several servers.',
    );
    this.name = 'DataDirLockedError';
  }
}
