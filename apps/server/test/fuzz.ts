import { sql } from 'drizzle-orm';
import { wrongTypeValue } from './bad-input.js';
import type { CatalogRoute } from './routes.js';
import type { TestServer } from './server.js';

/**
 * The generator of the OpenAPI-driven fuzz suite (src/platform/fuzz.api.test.ts): hostile values
 * for every path parameter, query parameter and body field of every documented route.
 */

/** One hostile value: its text where a URL carries it, its raw JSON where a body does. */
export interface Hostile {
  label: string;
  /** For a path or query parameter; absent when the value only makes sense in JSON. */
  text?: string;
  /** Raw JSON text (so -0, 1e999, __proto__ keys and lone surrogate escapes reach the parser as written). */
  json: string;
}

const str = (label: string, text: string): Hostile => ({ label, text, json: JSON.stringify(text) });
const raw = (label: string, json: string): Hostile => ({ label, json });

const nest = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Strings every parameter and text field gets: control characters, broken Unicode, far dates, huge numbers. */
export const CORE_STRINGS: Hostile[] = [
  str('NUL', '\u0000'),
  str('NUL inside', 'ab\u0000cd'),
  str('lone high surrogate', '\ud800'),
  str('lone low surrogate', 'x\udfffy'),
  str('empty', ''),
  str('9999-12-31', '9999-12-31'),
  str('0000-01-01', '0000-01-01'),
  str('9999-12', '9999-12'),
  str('0000-01', '0000-01'),
  str('+275760-09-13', '+275760-09-13'),
  str('1e308', '1e308'),
  str('-1', '-1'),
  str('huge integer', '99999999999999999999999999'),
  str('10k characters', 'x'.repeat(10_000)),
];

/** More strings, spread over the parameters and fields of an operation. */
export const MORE_STRINGS: Hostile[] = [
  str('control characters', '\u0001\u0002\u001b[31m\u007f\u0085'),
  str('CR LF TAB', 'a\r\nb\tc'),
  str('RTL and zero-width', '\u202egnp.exe\u200b\u200d\ufeff'),
  str('space only', '   '),
  str('-0', '-0'),
  str('0', '0'),
  str('-1e308', '-1e308'),
  str('int64 overflow', '-9223372036854775809'),
  str('2^31', '2147483648'),
  str('NaN', 'NaN'),
  str('Infinity', 'Infinity'),
  str('null', 'null'),
  str('undefined', 'undefined'),
  str('true', 'true'),
  str('1.5', '1.5'),
  str('0000-00-00', '0000-00-00'),
  str('2024-02-30', '2024-02-30'),
  str('9999-12-31T23:59:59Z', '9999-12-31T23:59:59.999Z'),
  str('-271821-04-20', '-271821-04-20'),
  str('1900-13', '1900-13'),
  str('25:61', '25:61'),
  str('SQL', "' OR 1=1; DROP TABLE bookings; --"),
  str('Liquid', "{{ 7 | times: 7 }}{% include 'package.json' %}"),
  str('HTML', '<script>alert(1)</script><img src=x onerror=alert(1)>'),
  str('path traversal', '../../../etc/passwd'),
  str('LIKE wildcards', '%_%\\'),
  str('__proto__', '__proto__'),
  str('constructor', 'constructor'),
  str('emoji', '😀👨‍👩‍👧'),
  str('comma list', 'a,b,,c,'),
  str('javascript URL', 'javascript:alert(1)'),
  str('e-mail-ish', 'a@b'),
];

/** JSON values for body fields besides the strings: numbers past doubles, -0, structure. */
export const CORE_JSON: Hostile[] = [
  raw('1e308', '1e308'),
  raw('1e999 (Infinity)', '1e999'),
  raw('-0', '-0'),
  raw('-1', '-1'),
  raw('2^63', '9223372036854775808'),
  raw('40 levels deep', nest(40)),
  raw('10,000-element array', `[${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]`),
  raw('200 KB string', JSON.stringify('y'.repeat(200 * 1024))),
  raw('__proto__ object', '{"__proto__":{"isSuperadmin":true,"venueId":"demo-bowl"}}'),
  raw('lone surrogate escape', '"\\ud800"'),
];

export const MORE_JSON: Hostile[] = [
  raw('-1e308', '-1e308'),
  raw('5e-324', '5e-324'),
  raw('0.1', '0.1'),
  raw('2^53+1', '9007199254740993'),
  raw('null', 'null'),
  raw('true', 'true'),
  raw('{}', '{}'),
  raw('[]', '[]'),
  raw('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
  raw('array of NUL', '["\\u0000"]'),
  raw('NUL key', '{"a\\u0000":1}'),
  raw('array of far dates', '["9999-12-31","0000-01-01"]'),
  raw('array of objects', '[{"id":"\\u0000"},{"id":1e308}]'),
];

/** Whole bodies: not an object, broken, too deep, over the 1 MB limit, prototype keys at the top. */
export const BODIES: { label: string; body: string | Buffer }[] = [
  { label: 'body 40 levels deep', body: nest(40) },
  { label: 'body __proto__', body: '{"__proto__":{"isSuperadmin":true}}' },
  { label: 'body constructor.prototype', body: '{"constructor":{"prototype":{"isSuperadmin":true}}}' },
  { label: 'body array', body: '[]' },
  { label: 'body null', body: 'null' },
  { label: 'body string', body: '"text"' },
  { label: 'body broken JSON', body: '{"a":' },
  { label: 'body invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]) },
  { label: 'body over 1 MB', body: JSON.stringify({ a: 'z'.repeat(1024 * 1024 + 10) }) },
];

/** At least this many hostile values reach every operation. */
export const VALUES_PER_OPERATION = 50;

export interface FuzzCase {
  where: 'path' | 'query' | 'body' | 'header';
  field: string;
  label: string;
  url: string;
  body?: string | Buffer;
  /** X-Venue-Id instead of the caller's venue. */
  venue?: string;
}

/** The :params of a route path, in order. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Percent-encodes text for a URL; a lone surrogate goes as its WTF-8 bytes, which no decoder accepts as UTF-8. */
export function encodeForUrl(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const byLabel = (pool: Hostile[], labels: string[]) => labels.map((label) => pool.find((value) => value.label === label)!);

/** What every parameter gets: broken text, far dates, numbers no column holds. */
const PARAMETER_VALUES = byLabel(CORE_STRINGS, [
  'NUL',
  'lone high surrogate',
  'empty',
  '9999-12-31',
  '0000-01-01',
  '9999-12',
  '0000-01',
  '+275760-09-13',
  '1e308',
  '-1',
  'huge integer',
]);
/** What every body field gets besides a value of the wrong type; the rest of the pools rotate over the fields. */
const FIELD_VALUES = [...byLabel(CORE_STRINGS, ['NUL inside', 'lone low surrogate']), ...byLabel(CORE_JSON, ['1e308', '-0'])];
const DATE_VALUES = byLabel(CORE_STRINGS, ['9999-12-31', '0000-01-01', '9999-12', '+275760-09-13']);
const NUMBER_VALUES = [...byLabel(CORE_JSON, ['1e999 (Infinity)', '-1', '2^63']), ...byLabel(MORE_JSON, ['5e-324'])];
/** Once per operation, in one field: the values that cost most to parse. */
const HEAVY_VALUES = byLabel(CORE_JSON, [
  '40 levels deep',
  '10,000-element array',
  '200 KB string',
  '__proto__ object',
  'lone surrogate escape',
]);
const REST = [...CORE_STRINGS, ...MORE_STRINGS, ...CORE_JSON, ...MORE_JSON].filter(
  (value) => ![...FIELD_VALUES, ...HEAVY_VALUES, ...DATE_VALUES].includes(value),
);

const isDateName = (name: string) => /date|month|day|^from$|^to$|at$/i.test(name);
const isNumberField = (schema: CatalogRoute['bodyProperties'][string] | undefined) => {
  const types = ([] as string[]).concat(schema?.type ?? [], ...(schema?.anyOf ?? []).map((part) => part.type ?? []));
  return types.includes('number') || types.includes('integer');
};

/**
 * Every hostile request for one route. Path parameters get hostile values with the rest of the
 * request plain; query parameters and body fields get them with the path's real ids (`real`), so
 * the handler gets past its 404, and with `base` as the rest of the body. Each input gets the
 * values its kind calls for (dates, numbers), the costly ones go once per operation, and the
 * rest of the pools rotate over the inputs until the operation has VALUES_PER_OPERATION + 5.
 */
export function fuzzCases(
  route: CatalogRoute,
  real: Record<string, string>,
  options: { base?: Record<string, unknown>; query?: Record<string, string>; venueHeader?: boolean } = {},
): FuzzCase[] {
  const { base = {}, query = {}, venueHeader = false } = options;
  const params = pathParams(route.path);
  const fill = (overrides: Record<string, string>) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => overrides[name] ?? encodeForUrl(real[name] ?? `probe-${name}`));
  /** The query of valid values (`query`) with one parameter replaced or added. */
  const withQuery = (url: string, name?: string, encoded?: string) => {
    const entries = Object.entries(query)
      .filter(([key]) => key !== name)
      .map(([key, value]) => `${key}=${encodeForUrl(value)}`);
    if (name !== undefined) entries.push(`${name}=${encoded}`);
    return entries.length ? `${url}?${entries.join('&')}` : url;
  };
  const pathUrl = fill({});
  const realUrl = withQuery(pathUrl);
  const cases: FuzzCase[] = [];
  const inPath = (name: string, value: Hostile) =>
    cases.push({ where: 'path', field: name, label: value.label, url: withQuery(fill({ [name]: encodeForUrl(value.text!) })) });
  const inQuery = (name: string, value: Hostile) =>
    cases.push({ where: 'query', field: name, label: value.label, url: withQuery(pathUrl, name, encodeForUrl(value.text!)) });
  const baseEntries = Object.entries(base).map(([key, value]) => [key, JSON.stringify(value)] as const);
  const inBody = (name: string, value: Hostile) => {
    const entries = [...baseEntries.filter(([key]) => key !== name), [name, value.json] as const];
    const body = `{${entries.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;
    cases.push({ where: 'body', field: name, label: value.label, url: realUrl, body });
  };

  for (const name of params) for (const value of PARAMETER_VALUES) inPath(name, value);
  for (const name of route.queryFields) {
    for (const value of PARAMETER_VALUES) inQuery(name, value);
    // The same parameter twice: an array where one value is expected.
    cases.push({ where: 'query', field: name, label: 'repeated', url: `${withQuery(pathUrl, name, '1')}&${name}=2` });
  }
  for (const name of route.bodyFields) {
    const schema = route.bodyProperties[name];
    const wrong = wrongTypeValue(schema);
    if (wrong !== undefined) inBody(name, raw(`wrong type ${JSON.stringify(wrong)}`, JSON.stringify(wrong)));
    for (const value of FIELD_VALUES) inBody(name, value);
    if (isDateName(name)) for (const value of DATE_VALUES) inBody(name, value);
    if (isNumberField(schema)) for (const value of NUMBER_VALUES) inBody(name, value);
  }
  const firstField = route.bodyFields[0];
  if (firstField) for (const value of HEAVY_VALUES) inBody(firstField, value);
  if (BODY_METHODS.has(route.method)) {
    for (const { label, body } of BODIES) cases.push({ where: 'body', field: '(body)', label, url: realUrl, body });
  }

  // The rest of the pools, spread over the inputs (unknown query parameters where a route has none).
  const inputs: ((value: Hostile) => void)[] = [
    ...params.map((name) => (value: Hostile) => value.text !== undefined && inPath(name, value)),
    ...route.queryFields.map((name) => (value: Hostile) => value.text !== undefined && inQuery(name, value)),
    ...route.bodyFields.map((name) => (value: Hostile) => inBody(name, value)),
  ].filter(Boolean);
  if (!inputs.length) {
    // A route of the venue: its X-Venue-Id (a header carries printable text only).
    if (venueHeader) {
      inputs.push(
        (value) =>
          value.text !== undefined &&
          /^[\x20-\x7e]*$/.test(value.text) &&
          cases.push({ where: 'header', field: 'X-Venue-Id', label: value.label, url: realUrl, venue: value.text }),
      );
    }
    inputs.push((value) => value.text !== undefined && inQuery('x', value));
    inputs.push((value) => value.text !== undefined && inQuery('__proto__', value));
  }
  for (let i = 0; cases.length < VALUES_PER_OPERATION + 5 && i < REST.length * inputs.length; i++) {
    inputs[i % inputs.length](REST[(i * 7) % REST.length]);
  }
  return cases;
}

/**
 * Counts every committed row change of the app's tables, by trigger: a request's writes are the
 * difference of two reads, exact (a rolled-back write counts nothing) and cheap enough to read
 * after every request, unlike a snapshot of every row.
 */
export async function installWriteCounter(t: TestServer) {
  const run = (text: string) => t.db.execute(sql.raw(text));
  await run('create table if not exists fuzz_writes (tbl text primary key, n bigint not null)');
  await run(`create or replace function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (tg_table_name, 1) on conflict (tbl) do update set n = fuzz_writes.n + 1;
      return null;
    end $$`);
  const tables = (await run("select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes'")) as unknown as {
    rows: { tablename: string }[];
  };
  for (const { tablename } of tables.rows) {
    await run(
      `create or replace trigger fuzz_count_write after insert or update or delete on "${tablename}" for each row execute function fuzz_count_write()`,
    );
  }
  return tables.rows.length;
}

/** The row changes per table so far. */
export async function writeCounts(t: TestServer): Promise<Record<string, number>> {
  const result = (await t.db.execute(sql.raw('select tbl, n from fuzz_writes'))) as unknown as {
    rows: { tbl: string; n: string | number }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.tbl, Number(row.n)]));
}

/** The tables whose counts differ, with how many rows changed. */
export function writesBetween(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.entries(after)
    .filter(([tbl, n]) => n !== (before[tbl] ?? 0))
    .map(([tbl, n]) => `${tbl} +${n - (before[tbl] ?? 0)}`);
}
