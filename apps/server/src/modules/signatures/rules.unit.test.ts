import { describe, expect, it } from 'vitest';
import { standardWaiverFields } from '@lanebook/core/waiver-schemas';
import { ageOn, checkSigning, isMinor, isWindowOpen, signingWindow } from './rules.js';
import { checkSignaturePng } from './png.js';
import { signaturePng } from '../../../test/signatures.js';

const start = new Date('2026-12-01T18:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the signing window', () => {
  it('by default is open from the booking until the start', () => {
    const window = signingWindow(start, { startTimeHours: 0, cutOffHours: 0 });
    expect(window.opensAt).toBeNull();
    expect(isWindowOpen(window, at('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isWindowOpen(window, start)).toBe(true);
    expect(isWindowOpen(window, at('2026-12-01T18:00:01Z'))).toBe(false);
  });
  it('opens startTimeHours before the start and closes cutOffHours after it', () => {
    const window = signingWindow(start, { startTimeHours: 48, cutOffHours: 2 });
    expect(window.opensAt?.toISOString()).toBe('2026-11-29T18:00:00.000Z');
    expect(isWindowOpen(window, at('2026-11-29T17:59:59Z'))).toBe(false);
    expect(isWindowOpen(window, at('2026-11-29T18:00:00Z'))).toBe(true);
    expect(isWindowOpen(window, at('2026-12-01T20:00:00Z'))).toBe(true);
    expect(isWindowOpen(window, at('2026-12-01T20:00:01Z'))).toBe(false);
  });
});

describe('the minor rule', () => {
  it('counts whole years as a person does, birthday included', () => {
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
    expect(ageOn('2008-12-01', '2026-12-01')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it('is younger than the venue age of majority; no birthdate is no minor', () => {
    expect(isMinor('2010-01-01', '2026-11-25', 18)).toBe(true);
    expect(isMinor('2010-01-01', '2026-11-25', 16)).toBe(false);
    expect(isMinor(undefined, '2026-11-25', 18)).toBe(false);
  });
});

describe('checking a signing', () => {
  const waiver = { fields: standardWaiverFields(), checkboxes: [{ text: 'I agree', isRequired: true }] };
  const body = (fields: Record<string, unknown>, agree = true) =>
    ({ fields, checkboxes: [{ text: 'I agree', value: agree }], signature: '' }) as never;
  it('keeps the values by label and names each problem by its field', () => {
    const ok = checkSigning(body({ firstName: ' Ada ', lastName: 'L', email: 'a@b.co', birthdate: '1990-01-02' }), waiver, '2026-11-25');
    expect(ok.issues).toEqual([]);
    expect(ok.values).toEqual({ 'First name': 'Ada', 'Last name': 'L', Email: 'a@b.co', 'Date of birth': '1990-01-02' });
    const bad = checkSigning(body({ lastName: 'L', email: 'nope', birthdate: '2030-01-01' }, false), waiver, '2026-11-25');
    expect(bad.issues.map((i) => i.path.join('.'))).toEqual(['fields.firstName', 'fields.email', 'fields.birthdate', 'checkboxes.0']);
  });
});

describe('the signature image', () => {
  it('takes a drawn PNG and refuses a blank one or something else', () => {
    expect(checkSignaturePng(signaturePng()).ok).toBe(true);
    expect(checkSignaturePng(signaturePng({ blank: true }))).toEqual({ ok: false, message: 'Sign in the box: the signature is blank' });
    expect(
      checkSignaturePng(
        'data:image/png;base64,' + Buffer.from('GIF89a-not-a-png-at-all-but-long-enough-to-pass-the-size-check').toString('base64'),
      ).ok,
    ).toBe(false);
  });
});
