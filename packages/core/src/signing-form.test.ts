import { describe, expect, it } from 'vitest';
import { buildSigningBody, type SigningState } from './signing-form.js';
import { waiverDefaults } from './waiver-schemas.js';

const waiver = {
  waiver: { fields: waiverDefaults().fields, checkboxes: [{ text: 'I will follow the coach.', isRequired: true }] },
  ageOfMajority: 18,
};
const empty: SigningState = { values: {}, checked: [], signature: null, guardianName: '', guardianSignature: null };
const PNG = 'data:image/png;base64,AAAA';

describe('the waiver form, checked in the browser as the server checks it', () => {
  it('names every missing required field by the server’s path, and builds no body', () => {
    const { errors, body } = buildSigningBody(waiver, empty);
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['checkboxes.0', 'fields.email', 'fields.firstName', 'fields.lastName', 'signature']);
  });

  it('builds the body with trimmed text, the boxes and the signature', () => {
    const state = { ...empty, values: { firstName: ' Ann ', lastName: 'Lee', email: 'ann@example.test' }, checked: [true], signature: PNG };
    expect(buildSigningBody(waiver, state)).toEqual({
      errors: {},
      body: {
        fields: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' },
        checkboxes: [{ text: 'I will follow the coach.', value: true }],
        signature: PNG,
      },
    });
  });

  it('a minor signs with a guardian: both are asked for, and sent', () => {
    const year = new Date().getFullYear() - 10;
    const state = {
      ...empty,
      values: { firstName: 'Kid', lastName: 'Lee', email: 'kid@example.test', birthdate: `${year}-01-01` },
      checked: [true],
      signature: PNG,
    };
    expect(Object.keys(buildSigningBody(waiver, state).errors).sort()).toEqual(['guardianName', 'guardianSignature']);
    const signed = buildSigningBody(waiver, { ...state, guardianName: ' Pat Lee ', guardianSignature: PNG });
    expect(signed.body).toMatchObject({ guardianName: 'Pat Lee', guardianSignature: PNG });
  });

  it('refuses a bad email and a birthdate in the future', () => {
    const state = {
      ...empty,
      values: { firstName: 'A', lastName: 'B', email: 'nope', birthdate: `${new Date().getFullYear() + 1}-01-01` },
    };
    const { errors } = buildSigningBody(waiver, state);
    expect(errors['fields.email']).toBe('Enter a valid email address');
    expect(errors['fields.birthdate']).toBe('The date cannot be in the future');
  });
});
