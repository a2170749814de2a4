import { describe, expect, it } from 'vitest';
import { standardWaiverFields } from '@lanebook/core/waiver-schemas';
import { ageOn, checkSigning, isMinor, isSameSigner, isWindowOpen, personKey, signingWindow } from './rules.js';
import { checkSignaturePng, pngHeader } from './png.js';
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

  it('reads the size from the header and refuses one larger than a signature pad draws before inflating it', () => {
    const huge = signaturePng({ width: 4000, height: 4000, blank: true });
    expect(pngHeader(Buffer.from(huge.split(',')[1], 'base64'))).toEqual({ width: 4000, height: 4000, rowBytes: 16000 });
    const started = performance.now();
    expect(checkSignaturePng(huge)).toEqual({ ok: false, message: 'The signature image is too large (4000 x 4000 pixels)' });
    expect(performance.now() - started).toBeLessThan(250);
    expect(checkSignaturePng(signaturePng({ width: 5001, height: 100 })).ok).toBe(false);
    expect(checkSignaturePng(signaturePng({ width: 3000, height: 1000 })).ok).toBe(false);
    // What a wide console pad on a 5K screen draws (about 4400 x 440) still signs.
    expect(checkSignaturePng(signaturePng({ width: 4400, height: 440 })).ok).toBe(true);
  });
  it('inflates no more than the header claims', () => {
    const lying = signaturePng({ width: 2000, height: 1000, headerSize: { width: 200, height: 100 } });
    expect(checkSignaturePng(lying)).toEqual({ ok: false, message: 'The signature image is damaged' });
  });
});

describe('recognising a signer', () => {
  it('folds compatibility forms, drops invisible characters, folds case and collapses whitespace', () => {
    expect(personKey('Ada')).toBe('ada');
    expect(personKey('A\u200bda')).toBe('ada');
    expect(personKey('\ufeffA\u200dd\u2060a\u00ad')).toBe('ada');
    expect(personKey('Ａｄａ')).toBe('ada');
    expect(personKey('Straße')).toBe(personKey('STRASSE'));
    expect(personKey('  Mary \u00a0 Ann\t')).toBe('mary ann');
    expect(personKey('Ada')).not.toBe(personKey('Adam'));
  });
  it('is the same signer when first name, last name and email read the same', () => {
    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };
    expect(isSameSigner(ada, { firstName: 'A\u200bda', lastName: 'LOVELACE ', email: 'ADA@example.test' })).toBe(true);
    expect(isSameSigner(ada, { ...ada, email: 'other@example.test' })).toBe(false);
  });
});
