import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/**
 * Debian's PgBouncer in transaction pooling mode in front of the test PostgreSQL, as production
 * runs it (docs/deployment.md): a child process with its own pgbouncer.ini in a temp dir, on a
 * free port of 127.0.0.1. scripts/test.sh installs the package when it is missing.
 */
export const PGBOUNCER_PATH = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';

/** Why PgBouncer cannot run here, or null when it can. */
export function pgbouncerMissing(): string | null {
  if (!existsSync(PGBOUNCER_PATH)) return `${PGBOUNCER_PATH} is missing (apt-get install pgbouncer, or set PGBOUNCER_PATH)`;
  if (isRoot() && !userExists(SERVICE_USER)) return `PgBouncer refuses to run as root, and there is no "${SERVICE_USER}" user to run it as`;
  return null;
}

export interface PgBouncer {
  /** `databaseUrl` with PgBouncer's address in place of PostgreSQL's. */
  through(databaseUrl: string): string;
  /** PgBouncer's own counters (SHOW STATS) for one database: transactions and queries it passed. */
  stats(database: string): Promise<{ transactions: number; queries: number }>;
  stop(): Promise<void>;
}

/** Debian's PgBouncer runs as this user (the package's service user); it refuses root. */
const SERVICE_USER = 'postgres';

const isRoot = () => process.getuid?.() === 0;
const userExists = (name: string) => spawnSync('id', ['-u', name]).status === 0;

/** Starts PgBouncer in front of the PostgreSQL server that `postgresUrl` names (any database on it). */
export async function startPgBouncer(postgresUrl: string): Promise<PgBouncer> {
  const missing = pgbouncerMissing();
  if (missing) throw new Error(missing);
  const server = new URL(postgresUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  const log = path.join(dir, 'pgbouncer.log');
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  writeFileSync(path.join(dir, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      // Every database name goes to the same server: each test file's database is new.
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      `logfile = ${log}`,
      'max_client_conn = 500',
      // Fewer server connections than the three processes' pools hold (3 x (10 + 3)): they share.
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  // As root, the child runs as the service user itself (no runuser in between to pass signals on).
  const owner = isRoot()
    ? {
        uid: Number(spawnSync('id', ['-u', SERVICE_USER]).stdout.toString()),
        gid: Number(spawnSync('id', ['-g', SERVICE_USER]).stdout.toString()),
      }
    : {};
  if (owner.uid !== undefined) for (const file of [dir, ini, path.join(dir, 'userlist.txt')]) chownSync(file, owner.uid, owner.gid);
  const child: ChildProcess = spawn(PGBOUNCER_PATH, [ini], { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const logText = () => (existsSync(log) ? readFileSync(log, 'utf8') : '') + stderr;

  const through = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };
  const admin = () => new pg.Client({ connectionString: through(new URL('/pgbouncer', postgresUrl).toString()) });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready when its admin console answers.
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      const text = logText();
      await stop();
      throw new Error(`PgBouncer exited (${child.exitCode}): ${text}`);
    }
    const client = admin();
    try {
      await client.connect();
      await client.query('SHOW VERSION');
      break;
    } catch (error) {
      if (Date.now() - started > 10_000) {
        await stop();
        throw new Error(`PgBouncer did not answer within 10 s (${(error as Error).message}): ${logText()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }

  return {
    through,
    stats: async (database) => {
      const client = admin();
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string; total_query_count: string }>('SHOW STATS');
        const row = rows.find((r) => r.database === database);
        return { transactions: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
