import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { bookingStatusLabel } from '@lanebook/core/bookings';
import { LoadError } from '../../components/LoadError';
import { findBookingsQuery, FOUND_LIMIT } from '../../lib/booking-search';
import { useSession } from '../../lib/session';
import { customerName } from '../../features/bookings/format';
import { useVenueFormat } from '../../lib/venue-format';

/** The pause after the last key before the search asks, as the booking list's. */
const TYPING_PAUSE_MS = 250;

/**
 * Finds a booking from any page with the booking list's All search: the first few found, each
 * with its date, time, reference and status; Enter opens the first, a click or Enter on one
 * opens that one; "See all" is the booking list with the same search.
 */
export default function BookingFinderDialog({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const format = useVenueFormat();
  const [text, setText] = useState('');
  const [asked] = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const found = useQuery(findBookingsQuery(session.venueId, asked));
  const items = asked ? (found.data?.items ?? []) : [];

  const openBooking = (id: string) => {
    onClose();
    void navigate(`/bookings/${encodeURIComponent(id)}/view`);
  };

  return (
    <Modal opened onClose={onClose} title="Find a booking" size="lg" yOffset="8vh">
      <Stack gap="sm">
        <TextInput
          type="search"
          label="Name, email, phone or reference"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && items[0] && asked === text.trim()) openBooking(items[0].id);
          }}
          data-autofocus
          autoComplete="off"
        />
        {found.isError ? <LoadError error={found.error} onRetry={() => void found.refetch()} /> : null}
        {asked && found.isPending ? <Text c="dimmed">Searching…</Text> : null}
        {asked && found.isSuccess && items.length === 0 ? <Text c="dimmed">No booking matches “{asked}”.</Text> : null}
        {items.length ? (
          <Stack gap={4} component="ul" aria-label="Bookings found" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((booking) => (
              <li key={booking.id}>
                <Card
                  withBorder
                  radius="md"
                  padding="xs"
                  component={Link}
                  to={`/bookings/${encodeURIComponent(booking.id)}/view`}
                  onClick={onClose}
                  data-testid="found-booking"
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <Stack gap={0} miw={0}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {customerName(booking.reservationInfo) || 'No name'}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {[booking.registrationCode, booking.bookingReference, booking.reservationInfo.email].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <Stack gap={0} align="flex-end" miw="max-content">
                      <Text size="sm">{format.dateTime(booking.startsAt)}</Text>
                      <Text size="sm" c="dimmed">
                        {bookingStatusLabel(booking.status)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              </li>
            ))}
          </Stack>
        ) : null}
        {found.data && asked && found.data.total > items.length ? (
          <Anchor component={Link} to={`/bookings?q=${encodeURIComponent(asked)}`} onClick={onClose} size="sm">
            See all {found.data.totalCapped ? `${found.data.total}+` : found.data.total} in Bookings
          </Anchor>
        ) : null}
        {items.length ? null : (
          <Text size="xs" c="dimmed">
            A phone is found by its last four digits or more; Enter opens the first booking found, of at most {FOUND_LIMIT}.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
