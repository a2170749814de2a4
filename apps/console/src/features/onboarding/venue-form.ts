import { COUNTRIES } from '@lanebook/core/venue';
import { venueCreateSchema } from '@lanebook/core/venue-schemas';

/** What the onboarding form asks; the rest of the venue is set later under Settings > Venue. */
export const onboardVenueSchema = venueCreateSchema.pick({ id: true, name: true, country: true, timezone: true });

export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** Suggests a venue ID from its name: "Joe's Axe House" -> "joes-axe-house". */
export function suggestVenueId(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}
