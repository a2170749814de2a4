/**
 * The waiver form's rules (decision 023), checked as the server checks them and with its paths
 * (fields.<key or label>, checkboxes.N, signature, guardianName, guardianSignature).
 */
import type { SigningBody, WaiverField } from '../lib/types';

export type SigningValue = string | number | boolean | string[] | undefined;

/** A standard field is sent by its key, a custom field by its label. */
export const fieldName = (field: WaiverField) => field.key ?? field.label;

/** The fields the signer fills in: the enabled ones, lightest sort weight first. */
export const askedFields = (fields: WaiverField[]) =>
  fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => !field.isDisabled)
    .sort((a, b) => a.field.sortWeight - b.field.sortWeight || a.index - b.index)
    .map(({ field }) => field);

/** Whole years from a YYYY-MM-DD birthdate to `today`; null when it is not a date. */
export function ageOn(birthdate: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

export function isMinor(values: Record<string, SigningValue>, fields: WaiverField[], ageOfMajority: number): boolean {
  const birthdate = fields.find((f) => f.key === 'birthdate' && !f.isDisabled);
  const value = birthdate ? values[fieldName(birthdate)] : undefined;
  const age = typeof value === 'string' ? ageOn(value) : null;
  return age !== null && age >= 0 && age < ageOfMajority;
}

export interface SigningState {
  values: Record<string, SigningValue>;
  checked: boolean[];
  signature: string | null;
  guardianName: string;
  guardianSignature: string | null;
}

const isEmpty = (v: SigningValue) => v === undefined || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

export function buildSigningBody(
  waiver: { fields: WaiverField[]; checkboxes: { text: string; isRequired: boolean }[] },
  ageOfMajority: number,
  state: SigningState,
): { errors: Record<string, string>; body: SigningBody | null } {
  const errors: Record<string, string> = {};
  const fields: SigningBody['fields'] = {};
  for (const field of askedFields(waiver.fields)) {
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
    if (field.type === 'email' && typeof value === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()))
      errors[path] = 'Enter a valid email address';
    if (field.type === 'date' && typeof value === 'string') {
      const age = ageOn(value);
      if (age === null) errors[path] = 'Enter a date';
      else if (age < 0) errors[path] = 'The date cannot be in the future';
    }
    fields[name] = typeof value === 'string' ? value.trim() : (value as string[] | number | boolean);
  }
  const checkboxes = waiver.checkboxes.map((checkbox, index) => {
    const value = state.checked[index] === true;
    if (checkbox.isRequired && !value) errors[`checkboxes.${index}`] = 'Check this box to sign';
    return { text: checkbox.text, value };
  });
  if (!state.signature) errors.signature = 'Sign in the box';
  const minor = isMinor(state.values, waiver.fields, ageOfMajority);
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
