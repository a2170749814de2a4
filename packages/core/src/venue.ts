/**
 * A venue's fixed choices, defaults and time-zone helpers. No zod here, so console pages that
 * only show venue values do not load it: the schemas are in venue-schemas.ts.
 */
export const VENUE_STATUSES = ['inactive', 'pending', 'live'] as const;
export const VENUE_STATUS_LABELS: Record<(typeof VENUE_STATUSES)[number], string> = {
  inactive: 'Inactive',
  pending: 'Pending for approval',
  live: 'Live',
};
export const BANK_ACCOUNT_STATUSES = ['active', 'pending', 'inactive'] as const;

export const DEFAULT_MONEY_FORMAT = '${{amount}}';
export const DEFAULT_DATE_FORMAT = 'MM/DD/YY';
export const DATE_FORMATS = ['MM/DD/YY', 'MM/DD/YYYY', 'DD/MM/YY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export const PHONE_FORMATS = ['+1 (###) ###-####', '+## ### ### ####', '###-###-####'] as const;
export const DEFAULT_PHONE_FORMAT = '+1 (###) ###-####';
export const DEFAULT_PAYMENT_METHODS = ['Cash', 'Square'];
export const COUNTRIES = [
  { code: 'US', name: 'United States', currency: 'USD' },
  { code: 'CA', name: 'Canada', currency: 'CAD' },
] as const;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export function listTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}
