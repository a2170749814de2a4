import type { PermissionKey } from '@lanebook/core/permissions';
import { formatVenueDate } from '@lanebook/core/format';
import type { Session } from '../lib/session';

/**
 * Where / (and so the sign-in) lands: the dashboard for those allowed to see it (its route's
 * permission), else the front desk's home, today's lane view in the venue's time zone.
 */
export function landingPath(
  session: Pick<Session, 'can' | 'me'>,
  dashboardPermission: PermissionKey | undefined,
  now = new Date(),
): string {
  if (!dashboardPermission || session.can(dashboardPermission)) return '/dashboard';
  // The venue's today as YYYY-MM-DD (the calendar module's helpers would bring its date library into the first load).
  const today = formatVenueDate(now, session.me?.venue?.timezone ?? 'UTC', 'YYYY-MM-DD');
  return `/calendar?view=lanes&date=${today}`;
}
