import type { SigningBody, WaiverField } from '@lanebook/core/waiver-schemas';

/** The signing rules (decision 023), pure: when signing is open, who is a minor, what a signing must hold. */

export interface SigningWindow {
  /** Null: open from when the booking was made. */
  opensAt: Date | null;
  closesAt: Date;
}

/** Signing opens `startTimeHours` before the start (0: from the booking) and closes `cutOffHours` after it. */
export function signingWindow(startsAt: Date, waiver: { startTimeHours: number; cutOffHours: number }): SigningWindow {
  const hour = 3600_000;
  return {
    opensAt: waiver.startTimeHours > 0 ? new Date(startsAt.getTime() - waiver.startTimeHours * hour) : null,
    closesAt: new Date(startsAt.getTime() + waiver.cutOffHours * hour),
  };
}

export function isWindowOpen(window: SigningWindow, now: Date): boolean {
  return (!window.opensAt || now >= window.opensAt) && now <= window.closesAt;
}

/** Whole years between a birthdate (YYYY-MM-DD) and a day, as a person counts their age. */
export function ageOn(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const isMinor = (birthdate: string | undefined, today: string, ageOfMajority: number) =>
  Boolean(birthdate) && ageOn(birthdate!, today) < ageOfMajority;

/**
 * A name or email as a person is recognised by: compatibility forms folded (NFKC: full-width
 * letters, ligatures), invisible characters dropped (format characters such as the zero-width
 * space, and other default-ignorable ones such as variation selectors), case folded (ß as ss),
 * whitespace collapsed. Two signers whose names read the same are the same person.
 */
export function personKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether a signer is one who signed already: same first name, last name and email, read as `personKey` reads them. */
export function isSameSigner(a: Signer, b: Signer): boolean {
  return (
    personKey(a.firstName) === personKey(b.firstName) &&
    personKey(a.lastName) === personKey(b.lastName) &&
    personKey(a.email) === personKey(b.email)
  );
}

export interface Signer {
  firstName: string;
  lastName: string;
  email: string;
}

export interface FieldIssue {
  path: string[];
  message: string;
}

type Value = SigningBody['fields'][string];

/** The name a field's value goes by in a signing body: a standard field's key, a custom field's label. */
export const fieldName = (field: WaiverField) => field.key ?? field.label;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks a signing's values against the waiver's enabled fields and checkboxes; answers the
 * values by label as they are kept, or the issues, each naming its field.
 */
export function checkSigning(
  body: SigningBody,
  waiver: { fields: WaiverField[]; checkboxes: { text: string; isRequired: boolean }[] },
  today: string,
): { values: Record<string, Value>; checkboxes: { text: string; value: boolean }[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const values: Record<string, Value> = {};
  const enabled = waiver.fields.filter((f) => !f.isDisabled).sort((a, b) => a.sortWeight - b.sortWeight);
  const known = new Set(enabled.map(fieldName));
  for (const name of Object.keys(body.fields))
    if (!known.has(name)) issues.push({ path: ['fields', name], message: `${name} is not a field of this waiver` });
  for (const field of enabled) {
    const name = fieldName(field);
    const raw = body.fields[name];
    const path = ['fields', name];
    const empty = raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0) || (field.type === 'flag' && raw === false);
    if (empty) {
      if (field.isRequired) issues.push({ path, message: `${field.label} is required` });
      continue;
    }
    const problem = valueProblem(field, raw, today);
    if (problem) issues.push({ path, message: problem });
    else values[field.label] = typeof raw === 'string' ? raw.trim() : raw;
  }
  const answers = new Map(body.checkboxes.map((c) => [c.text, c.value]));
  const checkboxes = waiver.checkboxes.map((box, index) => {
    const value = answers.get(box.text) ?? false;
    if (box.isRequired && !value) issues.push({ path: ['checkboxes', String(index)], message: `Tick: ${box.text.slice(0, 80)}` });
    return { text: box.text, value };
  });
  return { values, checkboxes, issues };
}

function valueProblem(field: WaiverField, raw: Value, today: string): string | null {
  const label = field.label;
  switch (field.type) {
    case 'text':
    case 'phone':
      return typeof raw === 'string' ? null : `${label} must be text`;
    case 'email':
      return typeof raw === 'string' && EMAIL.test(raw.trim()) ? null : `${label} must be a valid email address`;
    case 'date':
      if (typeof raw !== 'string' || !DATE.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)))
        return `${label} must be a date (YYYY-MM-DD)`;
      return field.key === 'birthdate' && raw > today ? `${label} cannot be in the future` : null;
    case 'numeric':
      return typeof raw === 'number' && Number.isFinite(raw) ? null : `${label} must be a number`;
    case 'flag':
      return typeof raw === 'boolean' ? null : `${label} must be yes or no`;
    case 'select':
      if (typeof raw !== 'string') return `${label}: choose one option`;
      return field.options.includes(raw) || field.isAllowCustomOption ? null : `${label}: choose one of ${field.options.join(', ')}`;
    case 'multiple':
      if (!Array.isArray(raw)) return `${label}: choose options`;
      return raw.every((v) => field.options.includes(v)) || field.isAllowCustomOption
        ? null
        : `${label}: choose among ${field.options.join(', ')}`;
  }
}
