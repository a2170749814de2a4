import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { Guest, GuestDetail } from '@lanebook/core/guest-schemas';
import { guestPath, guestQuery } from '../../lib/guests';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { GuestFlags } from './GuestFlags';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "4 bookings · 3 visits · 1 no-show · last visit 5/3/26": how the guest has been with the venue, in one line. */
export function useGuestHistory() {
  const format = useVenueFormat();
  return (guest: Guest) =>
    [
      count(guest.bookingsCount, 'booking', 'bookings'),
      count(guest.visitsCount, 'visit', 'visits'),
      count(guest.noShowCount, 'no-show', 'no-shows'),
      guest.lastVisitAt ? `last visit ${format.date(guest.lastVisitAt)}` : 'no visit yet',
    ].join(' · ');
}

export const guestName = (guest: Pick<Guest, 'firstName' | 'lastName'>) =>
  [guest.firstName, guest.lastName].filter(Boolean).join(' ') || 'No name';

/**
 * A guest in short where the desk meets them (the booking form's match, the booking's page, the
 * lane view's drawer): their flags first, their history, a waiver on file, and a link to their page.
 */
export function GuestSummary({ guest, title, actions }: { guest: Guest | GuestDetail; title: string; actions?: ReactNode }) {
  const format = useVenueFormat();
  const history = useGuestHistory();
  const onFile = 'waiverOnFile' in guest ? guest.waiverOnFile : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="guest-summary" aria-label={title} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconUserCircle size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {title}:{' '}
              <Anchor component={Link} to={guestPath(guest.id)} size="sm" fw={600} data-testid="guest-link">
                {guestName(guest)}
              </Anchor>
            </Text>
          </Group>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        <GuestFlags flags={guest.flags} />
        <Text size="sm" c="dimmed" data-testid="guest-history">
          {history(guest)} · {format.money(guest.totalSpent)} spent
        </Text>
        {onFile ? (
          <Text size="sm" data-testid="guest-waiver-on-file">
            Waiver on file until {format.date(onFile.validUntil)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The guest a booking is of, when it has one and the user may see guests (the booking's page, the lane view's drawer). */
export function BookingGuest({ guestId }: { guestId: string | null }) {
  const session = useSession();
  const mayView = session.can('guests.view');
  const guest = useQuery({ ...guestQuery(session.venueId, guestId), enabled: mayView && Boolean(session.venueId && guestId) });
  if (!mayView || !guestId || !guest.data) return null;
  return <GuestSummary guest={guest.data} title="Guest" />;
}
