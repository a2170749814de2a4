import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { bookingQuery } from './api/get-booking';
import { StatusBadge, customerName } from './format';
import { useVenueFormat } from '../../lib/venue-format';

/**
 * The frame of the pages that act on one booking (checkout, refund, personal info): the
 * booking loaded, a way back to it, its name and money at a glance, and the page's form.
 */
export function BookingPanel({ title, children }: { title: string; children: (booking: BookingDetail) => ReactNode }) {
  const { id = '' } = useParams();
  const session = useSession();
  const format = useVenueFormat();
  const booking = useQuery(bookingQuery(session.venueId, id));
  if (booking.isPending) return <FullPageLoader />;
  if (booking.isError) return <LoadError error={booking.error} onRetry={() => booking.refetch()} />;
  const b = booking.data;
  return (
    <Stack gap="md" maw={640}>
      <Group gap="sm">
        <Button component={Link} to={`/bookings/${id}/view`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Booking details
        </Button>
      </Group>
      <Title order={2}>{title}</Title>
      <Card withBorder radius="md">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{customerName(b.reservationInfo) || 'No name'}</Text>
            <Text size="sm" c="dimmed">
              {b.registrationCode} · {format.date(b.startsAt)} {format.time(b.startsAt)}
            </Text>
          </div>
          <StatusBadge status={b.status} />
        </Group>
        <Group gap="lg" mt="sm">
          <Text size="sm">Total {format.money(b.total)}</Text>
          <Text size="sm">Deposit {format.money(b.deposit)}</Text>
          <Text size="sm">Paid {format.money(b.paid)}</Text>
          <Text size="sm">Refunded {format.money(b.refunded)}</Text>
          {b.kept > 0 ? <Text size="sm">Kept by the venue {format.money(b.kept)}</Text> : null}
          <Text size="sm" fw={600}>
            Due {format.money(b.due)}
          </Text>
        </Group>
      </Card>
      {children(b)}
    </Stack>
  );
}
