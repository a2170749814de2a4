import { Badge } from '@mantine/core';
import type { Venue, VenueUser } from '@lanebook/core/api-types';
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

/** Disabled accounts cannot sign in; a user without a password has not accepted the invitation yet. */
export function UserStatusBadge({ user }: { user: Pick<VenueUser, 'isDisabled' | 'hasPassword'> }) {
  if (user.isDisabled) return <Badge color="red">Disabled</Badge>;
  if (!user.hasPassword) return <Badge color="yellow">Invited</Badge>;
  return (
    <Badge color="green" variant="light">
      Active
    </Badge>
  );
}

/** Dates in the venue's own zone and format, like the rest of the console. */
export function venueDate(iso: string, venue: Pick<Venue, 'timezone' | 'dateFormat'> | null | undefined): string {
  const instant = new Date(iso);
  return venue ? formatVenueDate(instant, venue.timezone, venue.dateFormat) : instant.toLocaleDateString();
}
