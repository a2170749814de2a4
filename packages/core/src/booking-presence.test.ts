import { describe, expect, it } from 'vitest';
import { bookingChangeQuoteQuerySchema, presenceLabel } from './booking-schemas.js';

describe('presence labels', () => {
  const now = new Date('2026-11-26T20:00:00Z');
  const before = '2026-11-26T23:00:00Z';
  const after = '2026-11-26T18:00:00Z';

  it('reads "Not arrived" before the start and "No show" only once a live booking has started', () => {
    expect(presenceLabel({ presenceStatus: 'no', status: 'paid', startsAt: before }, now)).toBe('Not arrived');
    expect(presenceLabel({ presenceStatus: 'no', status: 'wait_for_payment', startsAt: after }, now)).toBe('No show');
    expect(presenceLabel({ presenceStatus: 'no', status: 'new', startsAt: new Date(after) }, now)).toBe('No show');
  });

  it('never reads "No show" on a canceled or abandoned booking', () => {
    for (const status of ['canceled', 'abandoned']) {
      expect(presenceLabel({ presenceStatus: 'no', status, startsAt: after }, now)).toBe('—');
      expect(presenceLabel({ presenceStatus: 'no', status, startsAt: before }, now)).toBe('—');
    }
  });

  it('shows a check-in as it is, before or after the start', () => {
    expect(presenceLabel({ presenceStatus: 'fully', status: 'paid', startsAt: before }, now)).toBe('Checked In');
    expect(presenceLabel({ presenceStatus: 'partially', status: 'canceled', startsAt: after }, now)).toBe('Partially Checked In');
  });
});

describe('the change quote query', () => {
  const parse = (query: Record<string, string>) => bookingChangeQuoteQuerySchema.safeParse(query);

  it('leaves out what is not asked, takes lists, and none clears the extras or the custom price', () => {
    expect(parse({}).data).toEqual({});
    expect(
      parse({ slots: 'a,b', resourceIds: 'Lane 1, Lane 2', playersCount: '6', upsellItems: 'none', customPrice: 'none' }).data,
    ).toEqual({
      slots: ['a', 'b'],
      resourceIds: ['Lane 1', 'Lane 2'],
      playersCount: 6,
      upsellItems: [],
      customPrice: null,
    });
    expect(parse({ customPrice: '2500', upsellItems: 'u1:2' }).data).toEqual({
      customPrice: 2500,
      upsellItems: [{ id: 'u1', quantity: 2 }],
    });
  });

  it('names the field it refuses', () => {
    for (const [field, value] of [
      ['customPrice', '12.5'],
      ['customPrice', 'x'],
      ['resourceIds', ','],
      ['playersCount', '0'],
      ['upsellItems', 'a:0'],
      ['slots', ''],
    ]) {
      const result = parse({ [field]: value });
      expect(result.success, `${field}=${value}`).toBe(false);
      expect(result.error?.issues[0].path, `${field}=${value}`).toEqual([field]);
    }
    expect(parse({ other: '1' }).success).toBe(false);
  });
});
