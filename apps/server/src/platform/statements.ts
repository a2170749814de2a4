import { is, Param, Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

/** What drizzle's `prepare()` gives: the SQL text, its parameters (placeholders among them) and how rows map. */
interface PreparedStatement {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  _isResponseInArrayMode?: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** The session of a drizzle database or transaction (both drivers): it turns SQL text into a statement on its connection. */
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: unknown,
  ): PreparedStatement;
}

/** A query builder that can be prepared (a select, insert, update or delete of drizzle). */
export interface Preparable {
  prepare(name: string): unknown;
}

/**
 * Hot statements built by drizzle once and then only run: building a wide insert walks every
 * column each time (about a millisecond of CPU for the booking's), while its text never changes.
 * A statement is built the first time its `shape` is asked for, every value that varies written
 * as `sql.placeholder(name)`, and each run binds `values` to those names (through the columns'
 * encoders, as drizzle does; a null stays NULL, and a name without a value is an error). It runs on the handle given (the
 * transaction's connection) as an unnamed statement, never a named prepared one, so nothing is
 * kept in the database session: it works behind PgBouncer in transaction pooling mode.
 *
 * The shape must name everything the text depends on (how many rows, which optional parts):
 * a value baked into the text instead of a placeholder would be sent again with every run.
 */
export class StatementsBuiltOnce {
  private readonly built = new Map<string, BuiltStatement>();

  async run<R>(handle: Db | Tx, shape: string, build: () => Preparable, values: Record<string, unknown>): Promise<R> {
    let template = this.built.get(shape);
    if (!template) {
      template = builtStatement(build());
      this.built.set(shape, template);
    }
    const { statement } = template;
    const session = (handle as unknown as { session: Session }).session;
    const bound = session.prepareQuery(
      { sql: template.sql, params: template.params.map((bind) => bind(values)) },
      statement.fields,
      undefined,
      statement._isResponseInArrayMode ?? false,
      statement.customResultMapper,
    );
    bound.joinsNotNullableMap = statement.joinsNotNullableMap;
    return (await bound.execute()) as R;
  }
}

interface BuiltStatement {
  statement: PreparedStatement;
  sql: string;
  /** Each parameter's value from a run's values: a placeholder's through its column's encoder (null stays null), a constant as built. */
  params: ((values: Record<string, unknown>) => unknown)[];
}

function builtStatement(query: Preparable): BuiltStatement {
  // Prepared only for its text and row mapping, never executed; drizzle names it only when asked.
  const statement = query.prepare(undefined as unknown as string) as PreparedStatement;
  const { sql, params } = statement.getQuery();
  const valueOf = (values: Record<string, unknown>, name: string) => {
    if (values[name] === undefined) throw new Error(`No value for the placeholder "${name}"`);
    return values[name];
  };
  return {
    statement,
    sql,
    params: params.map((param) => {
      if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
      if (is(param, Param) && is(param.value, Placeholder)) {
        const { encoder, value: placeholder } = param;
        return (values) => {
          const value = valueOf(values, placeholder.name);
          return value === null ? null : encoder.mapToDriverValue(value);
        };
      }
      return () => param;
    }),
  };
}
