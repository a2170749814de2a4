import { mkdirSync, openSync, closeSync, writeFileSync, readFileSync, unlinkSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers produce this type, so the rest of the server never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  notifications: Notifications;
  /**
   * Plain SQL outside drizzle, for pg-boss (the jobs platform): on PostgreSQL a small pool of
   * its own, on PGlite the one session, whose query waits for an open transaction to end.
   */
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` holding the start-up lock, which one process at a time holds: the migrations,
   * the demo seed and the demo's payment account, which two processes started together on an
   * empty database would otherwise both do, one of them failing (decision 027).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the database answers a query within `timeoutMs` (the health check). */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: its files as one image, to open copies of it (the API tests' seeded start). */
  dumpImage?(): Promise<Blob>;
}

/**
 * PostgreSQL LISTEN/NOTIFY: how one server process learns what another one changed.
 * PGlite is one session in one process, and delivers a notification before the query that
 * committed it resolves.
 */
export interface Notifications {
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` from any process.
   * `onGap` runs when some may have been missed (the listening connection was lost and is
   * back); `isListening()` is false while it is down.
   */
  listen(channel: string, handler: (payload: string) => void, onGap?: () => void): Promise<void>;
  isListening(): boolean;
  /** Resolves once every notification committed before the call has reached its handler. */
  flush(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres://... for PostgreSQL; otherwise PGlite in dataDir (or in memory when dataDir is null). */
  databaseUrl?: string;
  /**
   * PostgreSQL: the direct address (not through PgBouncer) of the one LISTEN connection, which
   * must stay one session; defaults to databaseUrl.
   */
  listenDatabaseUrl?: string;
  dataDir?: string | null;
  /** PGlite in memory: start from this image (`dumpImage`) instead of an empty database. */
  pgliteImage?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.listenDatabaseUrl ?? options.databaseUrl);
  return openPglite(options.dataDir ?? null, options.pgliteImage);
}

async function openPostgres(url: string, listenUrl: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const notifications = new PostgresNotifications(
    () =>
      new pg.Client({
        connectionString: listenUrl,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      }),
  );
  const pool = survivingLostConnections(
    new pg.Pool({
      connectionString: url,
      max: 10,
      // A database that does not answer fails the request (503) instead of holding it; this also
      // bounds the wait for a free connection of the pool.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      Client: flushingAfterCommit(pg.Client, () => notifications.flush()),
    }),
  );
  const db = drizzle(pool, { schema }) as unknown as Db;
  const exclusively = <T>(work: () => Promise<T>) => withStartupLock(pg.Client, listenUrl, work);
  await exclusively(() => migrate(drizzle(pool, { schema }), { migrationsFolder }));
  // Jobs poll and maintain on their own few connections, so they never wait for the request path's.
  const jobsPool = survivingLostConnections(
    new pg.Pool({ connectionString: url, max: 3, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }),
  );
  return {
    db,
    kind: 'postgres',
    notifications,
    executeSql: async (text, values) => ({ rows: (await jobsPool.query(text, values)).rows }),
    exclusively,
    ping: (timeoutMs) => withTimeout(pingOnce(url, timeoutMs), timeoutMs),
    close: async () => {
      await notifications.close();
      await jobsPool.end();
      await pool.end();
    },
  };
}

/** How long connecting may take before the request fails with 503 (and a pool slot may be waited for). */
const CONNECT_TIMEOUT_MS = 5000;

/** The start-up lock's key: an advisory lock in the two-key space, apart from locking.ts's one-key transaction locks. */
const STARTUP_LOCK_KEY = [0x4c616e65, 1] as const;

/**
 * Runs `work` holding a session advisory lock on a connection of its own, to the direct address
 * (through PgBouncer's transaction pooling a session lock would not stay on one server
 * connection). A process that dies holding it loses its connection, and so the lock.
 */
async function withStartupLock<T>(Client: PgClientClass, url: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  client.on('error', (error: Error) => console.warn(`PostgreSQL start-up lock: connection lost: ${error.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

type PgPool = import('pg').Pool;

/**
 * A connection PostgreSQL drops (restart, failover, an administrator) emits 'error': the pool
 * handles it for idle connections, but a checked-out one (a transaction between two statements)
 * has no listener and its error would end the process. Every connection gets one here; the
 * failed query rejects on its own, and the pool discards the connection when it is released.
 */
function survivingLostConnections(pool: PgPool): PgPool {
  const warn = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}

/** One query on a connection of its own, so a busy pool does not read as an unreachable database. */
async function pingOnce(url: string, timeoutMs: number): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    client.end().catch(() => {});
  }
}

/** `check`'s answer, or false when it takes longer than `timeoutMs`. */
function withTimeout(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

type ListenClient = import('pg').Client;
interface Listener {
  channel: string;
  handler: (payload: string) => void;
  onGap?: () => void;
}

/**
 * One dedicated connection LISTENs for every channel. When it drops, it reconnects with
 * backoff and tells each listener that it may have missed notifications.
 */
class PostgresNotifications implements Notifications {
  private client: ListenClient | null = null;
  private connecting: Promise<ListenClient> | null = null;
  private readonly listeners: Listener[] = [];
  private closed = false;
  private retryDelay = 100;
  /** The flush round trip out now, and the one after it that commits ending meanwhile share. */
  private flushing: Promise<void> | null = null;
  private nextFlush: Promise<void> | null = null;

  constructor(private readonly newClient: () => ListenClient) {}

  async listen(channel: string, handler: (payload: string) => void, onGap?: () => void) {
    this.listeners.push({ channel, handler, onGap });
    const client = await this.connect();
    await client.query(`LISTEN ${quoteIdentifier(channel)}`);
  }

  isListening() {
    return this.client !== null;
  }

  /**
   * PostgreSQL signals listening sessions before a COMMIT returns, and sends what they were
   * signalled before the answer to their next query: one round trip on the listening
   * connection, sent after the commit, brings every notification already committed. Commits
   * that end while a round trip is out share the next one (one round trip for many at once,
   * rather than one each in a queue on this one connection).
   */
  flush(): Promise<void> {
    if (!this.client) return Promise.resolve();
    if (this.flushing) {
      // The round trip out now may have been sent before the caller's commit: wait for the next.
      this.nextFlush ??= this.flushing.then(
        () => this.flushAgain(),
        () => this.flushAgain(),
      );
      return this.nextFlush;
    }
    const flushing = this.roundTrip(this.client).finally(() => {
      if (this.flushing === flushing) this.flushing = null;
    });
    this.flushing = flushing;
    return flushing;
  }

  private flushAgain() {
    this.nextFlush = null;
    return this.flush();
  }

  private async roundTrip(client: ListenClient) {
    try {
      await client.query('SELECT 1');
    } catch (error) {
      // A listening connection that cannot answer is as good as lost: drop it (the caches stop
      // serving from memory) rather than trust it.
      this.lost(client);
      throw error;
    }
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<ListenClient> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = this.newClient();
      client.on('notification', (message) => {
        for (const l of this.listeners) if (l.channel === message.channel) l.handler(message.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of new Set(this.listeners.map((l) => l.channel))) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      } finally {
        this.connecting = null;
      }
      this.client = client;
      this.retryDelay = 100;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: ListenClient) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    for (const l of this.listeners) l.onGap?.();
    this.reconnect();
  }

  private reconnect() {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.connect()
        .then(() => {
          for (const l of this.listeners) l.onGap?.();
        })
        .catch((error: Error) => {
          console.warn(`PostgreSQL notifications: reconnecting failed (${error.message}); retrying.`);
          // At most 2 s apart: live streams and caches are back soon after the database is.
          this.retryDelay = Math.min(this.retryDelay * 2, 2000);
          this.reconnect();
        });
    }, this.retryDelay).unref();
  }
}

type QueryArgs = unknown[];
type PgClientClass = typeof import('pg').Client;

/**
 * A pg client that, once a write is committed (a COMMIT, or a write outside a transaction),
 * waits for `flush` before answering: the notifications it caused have then reached this
 * process's listeners, so a change is seen by the very next request in this process, whoever
 * made it (a route, better-auth, a job). PGlite needs no such step.
 */
function flushingAfterCommit(Base: PgClientClass, flush: () => Promise<void>): PgClientClass {
  class FlushingClient extends Base {
    private inTransaction = false;
    /** Set by the pool while the client is checked out. */
    declare release?: (error?: Error | boolean) => void;

    /**
     * drizzle's transaction() sends BEGIN before the try/finally that releases its pool client,
     * so a BEGIN on a connection that just died would keep its pool slot forever (ten such
     * failures and every request waits): the client goes back to the pool, with its error, here.
     */
    private releasedIfBeginFails(result: unknown): unknown {
      const release = this.release;
      if (!release || !(result instanceof Promise)) return result;
      return result.catch((error: Error) => {
        release(error);
        throw error;
      });
    }

    // @ts-expect-error -- one implementation for pg's overloads (promise and callback forms).
    override query(...args: QueryArgs): unknown {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const verb = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
      let committed = false;
      if (verb === 'begin' || verb === 'start') this.inTransaction = true;
      else if (verb === 'commit' || verb === 'end' || verb === 'rollback' || verb === 'abort') {
        committed = verb === 'commit' || verb === 'end';
        this.inTransaction = false;
      } else committed = !this.inTransaction && verb !== 'select';
      const query = super.query as (...a: QueryArgs) => unknown;
      if (verb === 'begin' && this.release) return this.releasedIfBeginFails(query.apply(this, args));
      if (!committed) return query.apply(this, args);
      const at = args.findIndex((a) => typeof a === 'function');
      if (at >= 0) {
        const callback = args[at] as (error: unknown, result: unknown) => void;
        const after = [...args];
        after[at] = (error: unknown, result: unknown) => {
          if (error) return callback(error, result);
          flush().then(
            () => callback(error, result),
            () => callback(error, result),
          );
        };
        return query.apply(this, after);
      }
      const result = query.apply(this, args) as Promise<unknown> | undefined;
      return result?.then ? result.then(async (value) => (await flush().catch(() => {}), value)) : result;
    }
  }
  return FlushingClient as unknown as PgClientClass;
}

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

async function openPglite(dataDir: string | null, image?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Contrib modules the migrations create extensions of (0004_extensions); loading one does not create it.
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
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
    const client = await PGlite.create(dbPath, { extensions: { btree_gist, pg_trgm }, ...(image ? { loadDataDir: image } : {}) });
    // A new WAL segment is otherwise zero-filled (16 MB) inside the commit that needs it, holding
    // the one session 80-300 ms; unfilled, that commit takes a few ms (decision 034, `npm run bench -- populate`).
    await client.exec('SET wal_init_zero = off');
    // PGlite runs each query synchronously in this thread and answers it as a microtask, so a burst
    // of queries (a job's loop, a batch of mails) would never give the event loop a turn: requests
    // waited 250-300 ms behind one. Each protocol exchange first yields to the event loop
    // (decision 034; `npm run bench -- populate`: longest stall 300 ms to 41 ms).
    const execProtocolRaw = client.execProtocolRaw.bind(client);
    client.execProtocolRaw = async (message, options) => {
      await new Promise((resolve) => setImmediate(resolve));
      return execProtocolRaw(message, options);
    };
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    const notifications: Notifications = {
      listen: async (channel, handler) => {
        await client.listen(channel, handler);
      },
      isListening: () => true,
      flush: async () => {},
    };
    const ping = async () => {
      await client.query('select 1');
      return true;
    };
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      notifications,
      // Without values a text may hold several statements (pg-boss's install): the simple protocol runs them.
      executeSql: async (text, values) => {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      // DATA_DIR's lock file already keeps every other process out (takeDataDirLock).
      exclusively: (work) => work(),
      // The one session waits for an open transaction to end: a long one reads as unreachable.
      ping: (timeoutMs) => withTimeout(ping(), timeoutMs),
      close: async () => {
        await client.close();
        releaseLock();
      },
      dumpImage: async () => {
        // The image starts without replaying WAL and holds one WAL segment, not the spare ones
        // (16 MB each): an API test file opens it about twice, some 160 times a run (decision 040).
        await client.exec('SET wal_recycle = off; SELECT pg_switch_wal(); CHECKPOINT;');
        return client.dumpDataDir('none');
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
