import type { JsonSchema } from './routes.js';

/** A bad value for every venue field, with a part of the message that says what is wrong. */
export const VENUE_BAD_VALUES: [string, unknown, string][] = [
  ['name', '', 'Name is required'],
  ['name', 'x'.repeat(121), 'at most 120'],
  ['companyName', 'x'.repeat(161), 'at most 160'],
  ['companySite', 'not a url', 'Company site must be a URL'],
  ['country', 'GB', 'Country must be US or CA'],
  ['timezone', 'Mars/Olympus', 'IANA zone'],
  ['address', 'x'.repeat(301), 'at most 300'],
  ['phone', '1'.repeat(41), 'at most 40'],
  ['email', 'desk', 'Email must be a valid email address'],
  ['ownerEmail', 'boss', 'Owner email must be a valid email address'],
  ['registrationCodePrefix', 'AX-1', 'only use letters and digits'],
  ['registrationCodePrefix', 'ABCDEFGHI', 'at most 8'],
  ['closurePercent', 101, 'Closure percent must be 0 to 100'],
  ['closurePercent', -1, 'Closure percent must be 0 to 100'],
  ['closurePercent', '5', 'Closure percent must be a number'],
  ['firstDayOfWeek', 7, 'First day of week must be 0 (Sunday) to 6'],
  ['phoneFormat', '+1 (555)', 'Phone format must contain #'],
  ['moneyFormat', '$', 'Money format must contain {{amount}} or {{amount_rounded}}'],
  ['timeFormat', 13, 'Time format must be 12 or 24'],
  ['dateFormat', 'M/D/YYYY', 'Date format must be one of'],
  ['paymentMethods', ['Cash', 'cash'], 'Payment methods must be unique'],
  ['paymentMethods', 'Cash', 'expected array'],
  ['widgetOrigins', ['https://axe.example', 'https://AXE.example/'], 'Widget origins must be unique'],
  ['widgetOrigins', 'https://axe.example', 'Widget origins must be a list of web addresses'],
];

type JsonType = 'object' | 'number' | 'string' | 'boolean' | 'array' | 'null';

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** The JSON types a schema accepts; null when it accepts anything. */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> | null {
  const types = new Set<JsonType>();
  const add = (t: string) => types.add(t === 'integer' ? 'number' : (t as JsonType));
  if (schema.type) for (const t of ([] as string[]).concat(schema.type)) add(t);
  else if (schema.enum) for (const v of schema.enum) add(typeOfValue(v));
  else if ('const' in schema) add(typeOfValue(schema.const));
  else if (schema.anyOf || schema.oneOf) {
    for (const part of schema.anyOf ?? schema.oneOf ?? []) {
      const inner = acceptedTypes(part);
      if (!inner) return null;
      for (const t of inner) types.add(t);
    }
  } else if (schema.allOf?.length) {
    return acceptedTypes(schema.allOf[0]);
  } else return null;
  if (schema.nullable) types.add('null');
  return types;
}

/** A value whose JSON type the field's schema does not accept, or undefined when it accepts any type. */
export function wrongTypeValue(schema: JsonSchema): unknown {
  const accepted = acceptedTypes(schema);
  if (!accepted) return undefined;
  const candidates: [JsonType, unknown][] = [
    ['object', { unexpected: 'object' }],
    ['number', 12345],
    ['string', 'not-the-right-type'],
    ['boolean', true],
    ['array', ['not', 'right']],
    ['null', null],
  ];
  return candidates.find(([type]) => !accepted.has(type))?.[1];
}
