import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import type { Venue } from '@lanebook/core/api-schemas';
import { formatVenueClock } from '@lanebook/core/format';

/** The venue's date and time in its own zone and formats, refreshed every second. */
export function VenueClock({ venue }: { venue: Venue }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text size="sm" fw={500} data-testid="venue-clock" title={venue.timezone} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatVenueClock(now, venue)}
    </Text>
  );
}
