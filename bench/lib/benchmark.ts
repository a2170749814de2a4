import type { Database } from '../../apps/server/src/db/client.js';

/** One measured number, with the budget it is held to when it has one. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  budget?: { max?: number; min?: number };
  note?: string;
}

export interface BenchContext {
  /** Which database the run uses; budgets may differ between the two. */
  databaseKind: 'pglite' | 'postgres';
  /** An empty, migrated database of the bench's own (a fresh `lanebook_bench_<pid>` on PostgreSQL, in-memory PGlite otherwise). */
  openDatabase(): Promise<Database>;
  /** How long each load measurement lasts (BENCH_SECONDS). */
  seconds: number;
  /** Progress for the person watching; goes to stderr so stdout stays the table (or JSON). */
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function isOverBudget(figure: Figure): boolean {
  const { budget, value } = figure;
  if (!budget) return false;
  return (budget.max !== undefined && value > budget.max) || (budget.min !== undefined && value < budget.min);
}
