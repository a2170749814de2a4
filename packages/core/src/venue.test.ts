import { describe, expect, it } from 'vitest';
import { isValidTimeZone, listTimeZones } from './venue.js';
import { superadminVenueCreateSchema, venueCreateSchema, venueIdSchema, venueStatusSchema, venueUpdateSchema } from './venue-schemas.js';

const issuesOf = (schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

const minimal = { id: 'demo-venue', name: 'Demo', country: 'US', timezone: 'America/New_York' };

/** For each venue field: values that must pass and values that must fail with the field's message. */
const FIELDS: Record<string, { good: unknown[]; bad: [unknown, RegExp][] }> = {
  name: {
    good: ['A', 'x'.repeat(120)],
    bad: [
      ['', /Name is required/],
      ['   ', /Name is required/],
      ['x'.repeat(121), /at most 120/],
      [5, /string/],
    ],
  },
  companyName: { good: ['', 'Acme LLC', 'x'.repeat(160)], bad: [['x'.repeat(161), /at most 160/]] },
  companySite: {
    good: ['', 'https://example.com', 'http://example.com/path'],
    bad: [
      ['example.com', /Company site must be a URL/],
      ['not a url', /Company site must be a URL/],
    ],
  },
  country: {
    good: ['US', 'CA'],
    bad: [
      ['GB', /Country must be US or CA/],
      ['us', /Country must be US or CA/],
      ['', /Country must be US or CA/],
    ],
  },
  timezone: {
    good: ['America/New_York', 'Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires'],
    bad: [
      ['Mars/Olympus_Mons', /IANA zone/],
      ['EST', /IANA zone/],
      ['', /Time zone is required/],
    ],
  },
  address: { good: ['', '1 Main St'], bad: [['x'.repeat(301), /at most 300/]] },
  phone: { good: ['', '+1 212 555 0100'], bad: [['1'.repeat(41), /at most 40/]] },
  email: {
    good: ['', 'hello@venue.test'],
    bad: [
      ['hello', /Email must be a valid email address/],
      ['a@b', /Email must be a valid email address/],
    ],
  },
  ownerEmail: { good: ['', 'owner@venue.test'], bad: [['owner', /Owner email must be a valid email address/]] },
  registrationCodePrefix: {
    good: ['', 'AXE', 'ab12CD34'],
    bad: [
      ['ABCDEFGHI', /at most 8/],
      ['AX-E', /only use letters and digits/],
      ['A E', /only use letters and digits/],
    ],
  },
  closurePercent: {
    good: [0, 2.5, 100],
    bad: [
      [-0.01, /0 to 100/],
      [100.5, /0 to 100/],
      ['10', /must be a number/],
    ],
  },
  firstDayOfWeek: {
    good: [0, 1, 6],
    bad: [
      [-1, /0 \(Sunday\) to 6/],
      [7, /0 \(Sunday\) to 6/],
      [1.5, /integer|int/i],
    ],
  },
  phoneFormat: {
    good: ['+1 (###) ###-####', '###'],
    bad: [
      ['', /Phone format is required/],
      ['+1 (555)', /must contain #/],
    ],
  },
  moneyFormat: {
    good: ['${{amount}}', '{{amount_rounded}} CAD', 'USD {{amount}}'],
    bad: [
      ['$', /must contain \{\{amount\}\}/],
      ['{{amount_round}}', /must contain/],
      ['', /must contain/],
    ],
  },
  timeFormat: {
    good: [12, 24],
    bad: [
      [13, /12 or 24/],
      ['12', /12 or 24/],
    ],
  },
  dateFormat: {
    good: ['MM/DD/YY', 'MM/DD/YYYY', 'DD/MM/YY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'],
    bad: [
      ['M/D/YYYY', /Date format must be one of/],
      ['', /Date format must be one of/],
    ],
  },
  paymentMethods: {
    good: [[], ['Cash'], ['Cash', 'Square', 'Gift card']],
    bad: [
      [['Cash', 'cash'], /must be unique/],
      [[''], /cannot be empty/],
      [Array.from({ length: 21 }, (_, i) => `M${i}`), /At most 20/],
      ['Cash', /array/],
    ],
  },
};

describe('venueIdSchema', () => {
  it.each(['abc', 'demo-axe', 'a1-b2-c3', 'x'.repeat(63), '123'])('accepts %s', (id) => {
    expect(venueIdSchema.parse(id)).toBe(id);
  });

  it('trims surrounding space', () => {
    expect(venueIdSchema.parse('  demo-axe ')).toBe('demo-axe');
  });

  it.each([
    ['ab', /at least 3/],
    ['x'.repeat(64), /at most 63/],
    ['Demo-Axe', /lowercase letters, digits and dashes/],
    ['-demo', /start and end/],
    ['demo-', /start and end/],
    ['demo axe', /lowercase/],
    ['demo_axe', /lowercase/],
    ['démo', /lowercase/],
  ])('rejects %s', (id, message) => {
    const issues = issuesOf(venueIdSchema, id);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0].message).toMatch(message);
  });
});

describe('isValidTimeZone and listTimeZones', () => {
  it('accepts IANA zones and UTC, rejects abbreviations and nonsense', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('EST')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('lists zones that all pass the check', () => {
    const zones = listTimeZones();
    expect(zones).toContain('America/New_York');
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of zones) expect(isValidTimeZone(zone), zone).toBe(true);
  });
});

describe('venueCreateSchema', () => {
  it('needs id, name, country and timezone, and nothing else', () => {
    expect(venueCreateSchema.parse(minimal)).toEqual(minimal);
    for (const field of ['id', 'name', 'country', 'timezone']) {
      const input: Record<string, unknown> = { ...minimal };
      delete input[field];
      expect(issuesOf(venueCreateSchema, input).map((i) => i.path)).toEqual([field]);
    }
  });

  it('rejects unknown fields and fields the server owns', () => {
    for (const field of ['status', 'permissions', 'isStripePaymentsEnabled', 'createdAt', 'bogus']) {
      const result = venueCreateSchema.safeParse({ ...minimal, [field]: 'x' });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0].code).toBe('unrecognized_keys');
    }
  });

  for (const [field, { good, bad }] of Object.entries(FIELDS)) {
    it(`${field}: accepts good values and names the field for bad ones`, () => {
      for (const value of good) {
        const result = venueCreateSchema.safeParse({ ...minimal, [field]: value });
        expect(result.success, `${field}=${JSON.stringify(value)}: ${result.error?.message}`).toBe(true);
      }
      for (const [value, message] of bad) {
        const issues = issuesOf(venueCreateSchema, { ...minimal, [field]: value });
        expect(issues.length, `${field}=${JSON.stringify(value)}`).toBeGreaterThan(0);
        expect(issues.every((i) => i.path.split('.')[0] === field)).toBe(true);
        expect(issues.map((i) => i.message).join(' | ')).toMatch(message);
      }
    });
  }
});

describe('venueUpdateSchema', () => {
  it('accepts an empty patch and any single field', () => {
    expect(venueUpdateSchema.parse({})).toEqual({});
    for (const [field, { good }] of Object.entries(FIELDS)) {
      expect(venueUpdateSchema.safeParse({ [field]: good[0] }).success, field).toBe(true);
    }
  });

  it('does not let a patch change the id or other server-owned fields', () => {
    for (const field of ['id', 'status', 'permissions', 'stripeBankAccountStatus', 'bankOnboardingSkipped']) {
      expect(venueUpdateSchema.safeParse({ [field]: 'x' }).success, field).toBe(false);
    }
  });

  it('names each bad field', () => {
    for (const [field, { bad }] of Object.entries(FIELDS)) {
      for (const [value] of bad) {
        expect(issuesOf(venueUpdateSchema, { [field]: value })[0]?.path.split('.')[0], `${field}=${JSON.stringify(value)}`).toBe(field);
      }
    }
  });

  it('trims text', () => {
    expect(venueUpdateSchema.parse({ name: '  Axe  ', companyName: ' Co ' })).toEqual({ name: 'Axe', companyName: 'Co' });
  });
});

describe('superadminVenueCreateSchema', () => {
  it('requires a valid owner email', () => {
    expect(issuesOf(superadminVenueCreateSchema, minimal).map((i) => i.path)).toEqual(['ownerEmail']);
    expect(issuesOf(superadminVenueCreateSchema, { ...minimal, ownerEmail: '' })[0].message).toMatch(/Owner email/);
    expect(superadminVenueCreateSchema.parse({ ...minimal, ownerEmail: 'boss@venue.test' }).ownerEmail).toBe('boss@venue.test');
  });
});

describe('venueStatusSchema', () => {
  it('knows inactive, pending and live', () => {
    for (const status of ['inactive', 'pending', 'live']) expect(venueStatusSchema.parse(status)).toBe(status);
    expect(issuesOf(venueStatusSchema, 'active')[0].message).toBe('Status must be inactive, pending or live');
  });
});
