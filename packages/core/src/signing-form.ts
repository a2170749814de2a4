/**
 * The waiver form's rules (decision 023), checked in the browser as the server checks them and
 * with its paths (fields.<key or label>, checkboxes.N, signature, guardianName,
 * guardianSignature). Zod-free, so the widget can run it: the console's desk and public signing
 * pages and the widget's signing step share it.
 */
import type { SigningBody, WaiverField } from './waiver-schemas.js';

export type SigningValue = string | number | boolean | string[] | undefined;

/** What the signing form needs of the waiver to sign: the waiver as shown, and the venue's age of majority. */
export interface SigningWaiver {
  waiver: { fields: WaiverField[]; checkboxes: { text: string; isRequired: boolean }[] };
  ageOfMajority: number;
}

/** A standard field is sent by its key, a custom field by its label (the contract of signingBodySchema). */
export const fieldName = (field: WaiverField) => field.key ?? field.label;

/** The fields the signer fills in: the enabled ones, lightest sort weight first. */
export const askedFields = (fields: WaiverField[]) =>
  fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => !field.isDisabled)
    .sort((a, b) => a.field.sortWeight - b.field.sortWeight || a.index - b.index)
    .map(({ field }) => field);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years from a 'YYYY-MM-DD' birthdate to today; null when it is not a date. */
export function ageOn(birthdate: string, today = new Date()): number | null {
  if (!DATE.test(birthdate)) return null;
  const [year, month, day] = birthdate.split('-').map(Number);
  if (!year || !month || !day) return null;
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

export function isMinor(values: Record<string, SigningValue>, fields: WaiverField[], ageOfMajority: number): boolean {
  const birthdate = fields.find((f) => f.key === 'birthdate' && !f.isDisabled);
  if (!birthdate) return false;
  const value = values[fieldName(birthdate)];
  const age = typeof value === 'string' ? ageOn(value) : null;
  return age !== null && age >= 0 && age < ageOfMajority;
}

const isEmpty = (value: SigningValue) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'string' && !value.trim());

export interface SigningState {
  values: Record<string, SigningValue>;
  checked: boolean[];
  signature: string | null;
  guardianName: string;
  guardianSignature: string | null;
}

/**
 * Checks the form as the server will, with the same paths (fields.<key or label>, checkboxes.N,
 * signature, guardianName, guardianSignature), and builds the body when nothing is wrong.
 */
export function buildSigningBody(waiver: SigningWaiver, state: SigningState): { errors: Record<string, string>; body: SigningBody | null } {
  const errors: Record<string, string> = {};
  const fields: SigningBody['fields'] = {};
  for (const field of askedFields(waiver.waiver.fields)) {
    const name = fieldName(field);
    const path = `fields.${name}`;
    const value = state.values[name];
    if (field.type === 'flag') {
      if (field.isRequired && value !== true) errors[path] = `${field.label} must be checked`;
      fields[name] = value === true;
      continue;
    }
    if (isEmpty(value)) {
      if (field.isRequired) errors[path] = `${field.label} is required`;
      continue;
    }
    if (field.type === 'email' && typeof value === 'string' && !EMAIL.test(value.trim())) errors[path] = 'Enter a valid email address';
    if (field.type === 'date' && typeof value === 'string' && ageOn(value) === null) errors[path] = 'Enter a date';
    if (field.type === 'date' && typeof value === 'string' && (ageOn(value) ?? 0) < 0) errors[path] = 'The date cannot be in the future';
    fields[name] = typeof value === 'string' ? value.trim() : (value as string[] | number | boolean);
  }
  const checkboxes = waiver.waiver.checkboxes.map((checkbox, index) => {
    const value = state.checked[index] === true;
    if (checkbox.isRequired && !value) errors[`checkboxes.${index}`] = 'Check this box to sign';
    return { text: checkbox.text, value };
  });
  if (!state.signature) errors.signature = 'Sign in the box';
  const minor = isMinor(state.values, waiver.waiver.fields, waiver.ageOfMajority);
  if (minor) {
    if (!state.guardianName.trim()) errors.guardianName = "The guardian's name is required";
    if (!state.guardianSignature) errors.guardianSignature = 'Sign in the box';
  }
  if (Object.keys(errors).length || !state.signature) return { errors, body: null };
  const body: SigningBody = { fields, checkboxes, signature: state.signature };
  if (minor && state.guardianSignature) {
    body.guardianName = state.guardianName.trim();
    body.guardianSignature = state.guardianSignature;
  }
  return { errors, body };
}
