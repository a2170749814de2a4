import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, CloseButton, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isLiveStatus } from '@lanebook/core/booking-money';
import { venueToday } from '@lanebook/core/calendar';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { listBookingsQuery } from './api/list-bookings';
import { customerName } from './format';

/** At most this many are named; the booking list's Warning filter holds the rest. */
const SHOWN = 3;
const STORAGE_KEY = 'lanebook.dismissedWarnings';

/** The warnings this browser's desk has dismissed, by venue: read once, written on each dismissal. */
function useDismissed(venueId: string | null) {
  const read = (): Record<string, string[]> => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string[]>;
    } catch {
      return {};
    }
  };
  const [all, setAll] = useState(read);
  const dismissed = new Set(venueId ? (all[venueId] ?? []) : []);
  const dismiss = (bookingId: string, stillListed: string[]) => {
    if (!venueId) return;
    // Only ids still listed are kept, so the list does not grow with every past warning.
    const next = { ...read(), [venueId]: [...new Set([...(all[venueId] ?? []).filter((id) => stillListed.includes(id)), bookingId])] };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setAll(next);
  };
  return { dismissed, dismiss };
}

/**
 * The live desk's alert (issue 38): bookings marked with a warning from today on (a banned guest
 * who booked online while the venue takes such bookings and warns; the booking's page shows why),
 * on every page, each named and linked, until this browser dismisses it. Under the venue's bookings key, so the live stream
 * brings a new one without a reload.
 */
export default function DeskWarnings() {
  const session = useSession();
  const format = useVenueFormat();
  const warnings = useQuery({
    ...listBookingsQuery(session.venueId, {
      activeFilter: 'warning',
      dateField: 'date',
      from: venueToday(format.timezone),
      sort: 'old',
      limit: 20,
      offset: 0,
    }),
    placeholderData: undefined,
  });
  const { dismissed, dismiss } = useDismissed(session.venueId);
  const listed = (warnings.data?.items ?? []).filter((booking) => isLiveStatus(booking.status));
  const open = listed.filter((booking) => !dismissed.has(booking.id));
  if (open.length === 0) return null;
  const ids = listed.map((booking) => booking.id);
  // One line (wrapping on a narrow screen): it sits above every page, so it takes no more room than it must.
  // A status, not an alert: a warning that arrives live is read out once, not again on every page.
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      mb="md"
      py="xs"
      role="status"
      aria-label="Bookings to check"
      data-testid="desk-warnings"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {open.length === 1 ? 'A booking to check:' : `${open.length} bookings to check:`}
        </Text>
        {open.slice(0, SHOWN).map((booking) => {
          const name = customerName(booking.reservationInfo) || 'No name';
          return (
            <Group key={booking.id} gap={2} wrap="nowrap" data-testid="desk-warning">
              {/* The alert's own text colour: the link blue is too faint on its red. */}
              <Anchor component={Link} to={`/bookings/${encodeURIComponent(booking.id)}/view`} size="sm" fw={600} c="inherit">
                {name} · {format.date(booking.startsAt)} {format.time(booking.startsAt)}
              </Anchor>
              <CloseButton size="sm" aria-label={`Dismiss the warning about ${name}`} onClick={() => dismiss(booking.id, ids)} />
            </Group>
          );
        })}
        {open.length > SHOWN ? (
          <Anchor component={Link} to="/bookings?filter=warning&dateField=date" size="sm" c="inherit">
            {open.length - SHOWN} more
          </Anchor>
        ) : null}
      </Group>
    </Alert>
  );
}
