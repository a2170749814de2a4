import { Text, Timeline } from '@mantine/core';
import { renderBookingEvent } from '@lanebook/core/booking-events';
import type { BookingLog } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';

/**
 * The booking's log, newest first: each entry's sentence made here from its event in the open
 * venue's formats (decision 044), the server's text only while no venue is open.
 */
export function BookingLogTimeline({ entries }: { entries: BookingLog[] }) {
  const venue = useSession().me?.venue;
  const format = useVenueFormat();
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="booking-log">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={<Text size="sm">{venue ? renderBookingEvent(entry.event, venue) : entry.text}</Text>}>
          <Text size="xs" c="dimmed">
            {entry.type} · {format.dateTime(entry.timestamp)} · {entry.userName}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
