/** The venue the console works in: remembered per browser, overridable by ?venue= (superadmin links). */
const KEY = 'lanebook.venueId';

export function readSelectedVenue(): string | null {
  return localStorage.getItem(KEY);
}

export function writeSelectedVenue(venueId: string | null) {
  if (venueId) localStorage.setItem(KEY, venueId);
  else localStorage.removeItem(KEY);
}
