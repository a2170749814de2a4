import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
// pg's own serialisation of a parameter (untyped), so the replay sends the very values the app sent.
// @ts-expect-error -- pg/lib/utils has no type declarations
import pgUtilsUntyped from 'pg/lib/utils.js';
import { databaseCpu } from './cpu.js';

const pgUtils = pgUtilsUntyped as { prepareValue(value: unknown): string | Buffer | null };

export interface Statement {
  text: string;
  values: unknown[];
}

type QueryArgs = [string | { text: string; values?: unknown[] }, unknown?, ...unknown[]];

/**
 * The statements of the one transaction `run` makes, as the pool's connection sent them (pg's
 * Client.query wrapped meanwhile): from its BEGIN to its COMMIT, the transaction being the one
 * with `marker` in a value (requests still in flight may run theirs meanwhile). Statements
 * outside it (a cached read's refill, the listener's flush) are not part of the replay.
 */
export async function captureTransaction(marker: string, run: () => Promise<void>): Promise<Statement[]> {
  const seen: { client: object; statement: Statement }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: object, ...args: QueryArgs) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : first.text;
    const values = Array.isArray(second) ? second : typeof first === 'string' ? [] : (first.values ?? []);
    seen.push({ client: this, statement: { text, values } });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  const transactions = new Map<object, Statement[][]>();
  for (const { client, statement } of seen) {
    const ofClient = transactions.get(client) ?? [];
    transactions.set(client, ofClient);
    if (/^\s*begin\b/i.test(statement.text)) ofClient.push([]);
    ofClient.at(-1)?.push(statement);
  }
  const marked = [...transactions.values()]
    .flat()
    .find((statements) => statements.some((s) => s.values.some((v) => typeof v === 'string' && v.includes(marker))));
  const commit = marked?.findIndex(({ text }) => /^\s*commit\b/i.test(text)) ?? -1;
  if (!marked || commit < 0) throw new Error(`no committed transaction with ${marker}`);
  return marked.slice(0, commit + 1);
}

/** A string literal; a colon is written \x3a, or pgbench would read `:name` inside it as a variable. */
const quote = (text: string) =>
  text.includes(':')
    ? `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\x3a')}'`
    : `'${text.replaceAll("'", "''")}'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pgbench script replaying `statements` with their values as literals. Each replayed
 * transaction must be a new booking, not a repeat that the unique keys, the advisory locks and
 * the no-double-booking constraint refuse or serialise: every uuid and every `unique` value (the
 * email, the address, the codes), also inside a lock key, becomes a value made from a
 * per-transaction number, and in INSERTs every instant moves that many days on (holds shorter
 * than a day never meet). That number costs one statement the app does not send (`nextval`,
 * before BEGIN). JSON values stay as they are.
 */
export function pgbenchScript(statements: Statement[], unique: string[]): string {
  const uniqueValues = [
    ...new Set([...unique, ...statements.flatMap((s) => s.values.filter((v): v is string => typeof v === 'string' && UUID.test(v)))]),
  ];
  const pattern = new RegExp(`(${uniqueValues.map(escapeRegExp).join('|')})`);
  const literal = (value: unknown, inInsert: boolean): string => {
    const prepared = pgUtils.prepareValue(value) as string | null;
    if (prepared === null) return 'NULL';
    if (inInsert && INSTANT.test(prepared)) return `(${quote(prepared)}::timestamptz + (:n)::int * interval '1 day')`;
    if (prepared.startsWith('{') || prepared.startsWith('[')) return quote(prepared);
    const parts = prepared.split(pattern);
    if (parts.length === 1) return quote(prepared);
    const pieces = parts
      .map((part, i) => (i % 2 === 1 ? `'r' || (:n)::bigint || '-${uniqueValues.indexOf(part)}'` : part ? quote(part) : ''))
      .filter(Boolean);
    return `(${pieces.join(' || ')})`;
  };
  const lines = ["select nextval('bench_replay') as n \\gset"];
  for (const { text, values } of statements) {
    // An INSERT, also one inside a WITH (the booking and its holds are one statement).
    const inInsert = /\binsert\s+into\b/i.test(text);
    // From the highest placeholder down, so $1 does not eat the start of $12.
    let replayed = text;
    for (let i = values.length; i >= 1; i--) replayed = replayed.replaceAll(`$${i}`, literal(values[i - 1], inInsert));
    // pgbench reads one statement a line.
    lines.push(`${replayed.replace(/\s+/g, ' ').trim()};`);
  }
  return `${lines.join('\n')}\n`;
}

function pgbenchPath(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return `/usr/lib/postgresql/${versions[0]}/bin/pgbench`;
}

/**
 * Runs `script` with pgbench (`clients` connections, `seconds`, no vacuum) on `url` and answers
 * its transactions per second and PostgreSQL's CPU per transaction (the same /proc sampling as
 * the app's figure).
 */
export async function runPgbench(url: string, script: string, clients: number, seconds: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create sequence if not exists bench_replay');
  await admin.end();
  const file = join(tmpdir(), `lanebook-replay-${process.pid}.sql`);
  writeFileSync(file, script);
  const cpu = await databaseCpu(url);
  let output: string;
  let cpuMs: number;
  try {
    output = await new Promise<string>((resolve, reject) =>
      execFile(
        pgbenchPath(),
        // Extended protocol, unnamed statements: as the app sends them.
        ['-n', '-M', 'extended', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), url],
        (error, stdout, stderr) => (error ? reject(new Error(`pgbench: ${stderr || error.message}`)) : resolve(stdout)),
      ),
    );
  } finally {
    cpuMs = (await cpu.stop()).cpuMs;
  }
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  if (!transactions || !tps) throw new Error(`pgbench: no figures in ${output}`);
  return { tps, cpuMsPerTransaction: cpuMs / transactions };
}
