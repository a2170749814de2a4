import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsMove, IconCash, IconExternalLink } from '@tabler/icons-react';
import { Fact } from '../../components/Fact';
import { formatMoney, formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import { formatPhone } from '@lanebook/core/phone';
import { isLiveStatus } from '@lanebook/core/booking-money';
import { presenceLabel } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { venueKey } from '../../lib/query-keys';
import { LoadError } from '../../components/LoadError';
import { CheckInButton } from '../../components/check-in/CheckIn';
import { BookingGuest } from '../../components/guests/GuestSummary';
import { calendarBookingQuery } from './api/get-booking';
import { checkInBooking } from './api/check-in';
import { calendarKey } from './api/keys';
import { STATUS_STYLE } from './lane-colors';

/** A booking clicked in the lane day view: who, what, where, waivers and money, and Check in, Collect, Open booking, Move. */
export function BookingDrawer({
  bookingId,
  productName,
  onClose,
}: {
  bookingId: string | null;
  productName: (productId: string) => string;
  onClose: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const booking = useQuery(calendarBookingQuery(session.venueId, bookingId));
  const venue = session.me?.venue;
  const timezone = venue?.timezone ?? 'UTC';
  const time = (iso: string) => formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false);
  const money = (cents: number) => formatMoney(cents, venue?.moneyFormat);

  const checkIn = useMutation({
    mutationFn: checkInBooking,
    onSuccess: async () => {
      notifySuccess('Checked in');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'bookings') }),
        queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) }),
      ]);
    },
    onError: notifyError,
  });

  const b = booking.data;
  const name = b ? [b.reservationInfo.firstName, b.reservationInfo.lastName].filter(Boolean).join(' ') || 'No name' : '';
  const style = b ? STATUS_STYLE[b.status] : undefined;

  return (
    <Drawer opened={bookingId !== null} onClose={onClose} position="right" size="md" title={b ? name : 'Booking'}>
      {booking.isError ? <LoadError error={booking.error} onRetry={() => void booking.refetch()} /> : null}
      {booking.isPending && bookingId ? <Text c="dimmed">Loading…</Text> : null}
      {b ? (
        <Stack gap="md" data-testid="booking-drawer">
          <Group gap="xs">
            <Badge color={style?.background ?? 'gray'} c={style?.text} data-testid="drawer-status">
              {style?.label ?? b.status}
            </Badge>
            <Badge variant="outline" color={b.presenceStatus === 'fully' ? 'green' : 'gray'}>
              {presenceLabel(b)}
            </Badge>
          </Group>
          <BookingGuest guestId={b.guestId} />
          <Title order={3} size="h4">
            {formatVenueDate(new Date(b.startsAt), timezone, venue?.dateFormat)} · {time(b.startsAt)} – {time(b.endsAt)}
          </Title>
          {/* Columns share the width (minmax(0, 1fr)): a long value wraps in its own column, never widening the drawer. */}
          <SimpleGrid cols={2} spacing="sm" style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <Fact label="Reg. code">
              <span data-testid="drawer-code">{b.registrationCode ?? '—'}</span>
            </Fact>
            <Fact label="Product">{productName(b.productId)}</Fact>
            <Fact label="Customer">
              <span data-testid="drawer-customer">{name}</span>
            </Fact>
            <Fact label="Contact">
              <Stack gap={0} miw={0}>
                {/* A long address breaks anywhere rather than run out of the drawer. */}
                {b.reservationInfo.email ? (
                  <span data-testid="drawer-email" style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {b.reservationInfo.email}
                  </span>
                ) : null}
                {/* Stored E.164; shown as the venue's country writes it. */}
                {b.reservationInfo.phone ? (
                  <span data-testid="drawer-phone" style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(b.reservationInfo.phone, venue?.country ?? '')}
                  </span>
                ) : null}
                {/* A walk-in may leave neither: say so rather than show an empty column. */}
                {!b.reservationInfo.email && !b.reservationInfo.phone ? (
                  <Text span size="sm" c="dimmed" data-testid="drawer-no-contact">
                    Not given
                  </Text>
                ) : null}
              </Stack>
            </Fact>
            <Fact label="Players">{b.playersCount}</Fact>
            <Fact label="Lanes">{b.resourceIds.join(', ')}</Fact>
            <Fact label="Waivers signed">
              <span data-testid="drawer-waivers">
                {b.numberOfSignedWaivers} of {b.playersCount}
              </span>
              {b.waiverOnFileUntil ? (
                <Text span size="xs" c="dimmed" display="block" data-testid="drawer-waiver-on-file">
                  Booker’s waiver on file until {formatVenueDate(new Date(b.waiverOnFileUntil), timezone, venue?.dateFormat)}
                </Text>
              ) : null}
            </Fact>
            <Fact label="Paid">
              <span data-testid="drawer-paid">{money(b.netPaid)}</span>
            </Fact>
            <Fact label="Due">
              <Text span size="sm" fw={b.due > 0 ? 700 : undefined} c={b.due > 0 ? 'red.8' : undefined} data-testid="drawer-due">
                {money(b.due)}
              </Text>
            </Fact>
            {venue?.phone ? (
              // The number to give a customer who asks, written as the venue writes phones.
              <Fact label="Venue phone">
                <span data-testid="drawer-venue-phone" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(venue.phone, venue.country)}
                </span>
              </Fact>
            ) : null}
            {b.affiliateId ? (
              <Fact label="Affiliate">
                <span data-testid="drawer-affiliate">
                  {b.affiliateName ?? 'Affiliate'} · {money(b.affiliateCommissionAmount)} commission
                </span>
              </Fact>
            ) : null}
          </SimpleGrid>
          <Group gap="xs" wrap="wrap">
            {session.can('bookings.changePresenceStatus') && isLiveStatus(b.status) ? (
              <CheckInButton booking={b} onCheckIn={() => checkIn.mutateAsync(b.id)} />
            ) : null}
            {session.can('bookings.collect') && isLiveStatus(b.status) && b.due > 0 ? (
              <Button
                variant="default"
                leftSection={<IconCash size={16} />}
                component={Link}
                to={`/bookings/${encodeURIComponent(b.id)}/checkout`}
              >
                Collect
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconExternalLink size={16} />}
              component={Link}
              to={`/bookings/${encodeURIComponent(b.id)}/view`}
            >
              Open booking
            </Button>
            {session.can('bookings.edit') && isLiveStatus(b.status) ? (
              // The keyboard's way to move a booking (dragging its block is the mouse's): the edit form's time and lanes.
              <Button
                variant="default"
                leftSection={<IconArrowsMove size={16} />}
                component={Link}
                to={`/bookings/${encodeURIComponent(b.id)}/edit`}
              >
                Move
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
