import type { RecordSchema } from './types';

type Values = Record<string, unknown>;

export function fieldNames(schema: RecordSchema): string[] {
  return Object.keys(schema.fields.shape);
}

/** The schema's fields of a record: what the form edits (id and timestamps stay out, except a typed id). */
export function pickFields(schema: RecordSchema, record: object): Values {
  const source = record as Values;
  return Object.fromEntries(fieldNames(schema).map((name) => [name, structuredClone(source[name])]));
}

/** Key order does not matter: the database may hand JSON objects back in another order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => deepEqual((a as Values)[key], (b as Values)[key]));
}

/**
 * Only the fields that changed since the last save go into a PATCH, so two people editing
 * different fields of one record do not undo each other.
 */
export function changedFields(schema: RecordSchema, values: Values, saved: Values, { skipId = false } = {}): Values {
  return Object.fromEntries(
    fieldNames(schema)
      .filter((name) => !(skipId && name === 'id'))
      .filter((name) => name in values && !deepEqual(values[name], saved[name]))
      .map((name) => [name, values[name]]),
  );
}
