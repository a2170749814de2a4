import { Badge } from '@mantine/core';
import type { Venue, VenueUserRow } from '@lanebook/core/api-schemas';
import { formatVenueDate } from '@lanebook/core/format';
import type { VenueRole } from '@lanebook/core/permissions';

export const ROLE_LABELS: Record<VenueRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };
const ROLE_COLORS: Record<VenueRole, string> = { owner: 'grape', manager: 'blue', staff: 'teal' };

export function RoleBadge({ role }: { role: VenueRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** A member, or an invitation the person has not answered yet (the venue sees nothing more of them). */
export function UserStatusBadge({ user }: { user: Pick<VenueUserRow, 'status'> }) {
  if (user.status === 'invited') return <Badge color="yellow">Invited</Badge>;
  return (
    <Badge color="green" variant="light">
      Member
    </Badge>
  );
}

/** Dates in the venue's own zone and format, like the rest of the console. */
export function venueDate(iso: string, venue: Pick<Venue, 'timezone' | 'dateFormat'> | null | undefined): string {
  const instant = new Date(iso);
  return venue ? formatVenueDate(instant, venue.timezone, venue.dateFormat) : instant.toLocaleDateString();
}
