/**
 * Runs the benchmarks and prints one table: benchmark, figure, value, budget, ok or OVER.
 * It reports and does not judge: the exit code is 0 even when figures are over budget (it is 1
 * only when a benchmark could not run). Never part of `npm test`.
 *
 *   npm run bench                  every benchmark
 *   npm run bench -- api console   some, by name
 *   npm run bench -- --json        the figures as JSON on stdout instead of the table
 *
 * Environment:
 *   DATABASE_URL       PostgreSQL server to use (the benches create their own `lanebook_bench_<pid>` on it)
 *   TEST_DATABASE_URL  otherwise the tests' server, default postgres://postgres@127.0.0.1:5432/test;
 *                      when it does not answer, the run uses in-memory PGlite
 *   BENCH_DATABASE     `pglite` forces PGlite, `postgres` forces PostgreSQL (fails when unreachable)
 *   BENCH_SECONDS      measured seconds per load run (default 5), after a 1 s warm-up
 *   SOAK_SECONDS       how long the soak runs (default 600)
 */
import { availableParallelism, loadavg } from 'node:os';
import { api } from './api.js';
import { bookings } from './bookings.js';
import { calendar } from './calendar.js';
import { consoleSize } from './console.js';
import { dashboard } from './dashboard.js';
import { guests } from './guests.js';
import { populate } from './populate.js';
import { signatures } from './signatures.js';
import { soak } from './soak.js';
import { webhooks } from './webhooks.js';
import { widget } from './widget.js';
import { isOverBudget, type Benchmark, type Figure } from './lib/benchmark.js';
import { chooseDatabase } from './lib/database.js';

const benchmarks: Benchmark[] = [api, calendar, bookings, guests, dashboard, populate, consoleSize, signatures, widget, webhooks, soak];

interface Row extends Figure {
  benchmark: string;
  over: boolean;
}

function formatNumber(value: number, unit: string): string {
  const digits = unit === 'req/s' || Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : 1;
  return value.toFixed(digits);
}

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

function formatBudget({ budget, unit }: Figure): string {
  if (!budget) return '';
  const limits = [];
  if (budget.min !== undefined) limits.push(`≥ ${withUnit(formatNumber(budget.min, unit), unit)}`);
  if (budget.max !== undefined) limits.push(`≤ ${withUnit(formatNumber(budget.max, unit), unit)}`);
  return limits.join(', ');
}

function printTable(rows: Row[]) {
  const cells = rows.map((row) => [
    row.benchmark,
    row.figure,
    withUnit(formatNumber(row.value, row.unit), row.unit),
    formatBudget(row),
    row.budget ? (row.over ? 'OVER' : 'ok') : '',
    row.note ?? '',
  ]);
  const header = ['benchmark', 'figure', 'value', 'budget', 'ok', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  // Values right-aligned so digits line up; everything else left-aligned.
  const line = (values: string[]) =>
    values
      .map((value, column) => (column === 2 ? value.padStart(widths[column]) : value.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const values of cells) console.log(line(values));
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknownFlags = args.filter((arg) => arg.startsWith('--') && arg !== '--json');
  const unknownNames = names.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknownFlags.length || unknownNames.length) {
    console.error(`unknown: ${[...unknownFlags, ...unknownNames].join(', ')}`);
    console.error('usage: npm run bench [-- [--json] [name...]]; benchmarks:');
    for (const b of benchmarks) console.error(`  ${b.name.padEnd(10)} ${b.description}`);
    process.exitCode = 2;
    return;
  }
  const selected = names.length ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
  const seconds = Number(process.env.BENCH_SECONDS || 5);
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not "${process.env.BENCH_SECONDS}"`);

  const database = await chooseDatabase();
  // Other work on the machine shrinks every load figure; the header says how busy it was before the run.
  const machine = `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs before the run`;
  const databaseLabel = `${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}: ${database.reason}`;
  const log = (message: string) => console.error(message);
  log(`Database: ${databaseLabel}`);

  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    for (const benchmark of selected) {
      log(`${benchmark.name}: ${benchmark.description}`);
      try {
        const figures = await benchmark.run({ databaseKind: database.kind, openDatabase: database.open, seconds, log });
        rows.push(...figures.map((figure) => ({ benchmark: benchmark.name, ...figure, over: isOverBudget(figure) })));
      } catch (error) {
        // One broken benchmark should not hide the others' figures.
        failures.push(`${benchmark.name} failed: ${(error as Error).stack ?? String(error)}`);
      }
    }
  } finally {
    await database.dispose();
  }

  const overBudget = rows.filter((row) => row.over).length;
  if (json) {
    console.log(
      JSON.stringify(
        { database: database.kind, databaseReason: database.reason, seconds, machine, figures: rows, overBudget, failures },
        null,
        2,
      ),
    );
  } else {
    console.log(`\nLanebook benchmarks on ${databaseLabel}; load runs of ${seconds} s; ${machine}\n`);
    printTable(rows);
    console.log(`\n${overBudget} figure${overBudget === 1 ? '' : 's'} over budget`);
  }
  for (const failure of failures) console.error(`\n${failure}`);
  if (failures.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
