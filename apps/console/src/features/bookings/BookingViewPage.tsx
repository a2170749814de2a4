import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Fact } from '../../components/Fact';
import { BOOKING_SOURCE_LABELS, PRESENCE_STATUSES, presenceLabel, type BookingDetail } from '@lanebook/core/booking-schemas';
import { isLiveStatus } from '@lanebook/core/booking-money';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../../components/dialogs';
import { PresenceSelect } from '../../components/check-in/CheckIn';
import { FullPageLoader } from '../../components/FullPageLoader';
import { BookingGuest } from '../../components/guests/GuestSummary';
import { LoadError } from '../../components/LoadError';
import { bookingQuery } from './api/get-booking';
import { bookingLogsQuery } from './api/get-booking-logs';
import { bookingsKey } from './api/keys';
import { runBookingAction, type BookingAction } from './api/booking-action';
import { deleteBooking } from './api/delete-booking';
import { bookingProductsQuery } from './api/catalog-lists';
import { PaymentLabelBadge, StatusBadge, customerName, durationLabel } from './format';
import { useVenueFormat } from '../../lib/venue-format';
import { SendEmailModal } from './SendEmailModal';
import { BookingLogTimeline } from './BookingLogTimeline';
import { CancelBookingModal } from './CancelBookingModal';
import { AdjustPriceModal } from './AdjustPriceModal';
import { RefundDone, RefundStatusBadge } from './RefundDone';
import { retryRefund } from './api/retry-refund';
import type { RefundMade } from './api/refund';

/** How long before coming back from the provider a card payment still counts as this visit's. */
const CARD_PAYMENT_WINDOW_MS = 15 * 60_000;

/**
 * The provider's checkout page sends the customer back with ?payment=done or ?payment=canceled.
 * A card payment counts as received once the booking is paid, or once it shows a provider payment
 * (a deposit leaves the booking unpaid) made shortly before the return.
 */
function cardPaymentReceived(booking: BookingDetail, returnedAt: number): boolean {
  return (
    booking.status === 'paid' ||
    booking.checkoutInfo.payments.some(
      (payment) => payment.paymentIntentId !== null && Date.parse(payment.date) >= returnedAt - CARD_PAYMENT_WINDOW_MS,
    )
  );
}

function CardPaymentAlert({ outcome, received, onClose }: { outcome: string | null; received: boolean; onClose: () => void }) {
  if (outcome === 'canceled')
    return (
      <Alert color="yellow" withCloseButton onClose={onClose} data-testid="card-payment-canceled">
        The card payment was not completed.
      </Alert>
    );
  if (outcome !== 'done') return null;
  return received ? (
    <Alert color="green" withCloseButton onClose={onClose} data-testid="card-payment-received">
      Card payment received
    </Alert>
  ) : (
    <Alert color="blue" data-testid="card-payment-waiting">
      Waiting for the payment provider to confirm the card payment…
    </Alert>
  );
}

export default function BookingViewPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentOutcome = searchParams.get('payment');
  const [returnedAt] = useState(() => Date.now());
  const booking = useQuery({
    ...bookingQuery(session.venueId, id),
    // Live updates bring the provider's confirmation; asking every 2 s covers a dropped stream.
    refetchInterval: (query) =>
      paymentOutcome === 'done' && query.state.data && !cardPaymentReceived(query.state.data, returnedAt) ? 2000 : false,
  });
  const logs = useQuery(bookingLogsQuery(session.venueId, id));
  const products = useQuery(bookingProductsQuery(session.venueId));
  const [noteOpened, setNoteOpened] = useState(false);
  const [emailOpened, setEmailOpened] = useState(false);
  const [note, setNote] = useState('');
  const [cancelOpened, setCancelOpened] = useState(false);
  const [adjustOpened, setAdjustOpened] = useState(false);
  const [doneRefunds, setDoneRefunds] = useState<RefundMade[] | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
  const action = useMutation({
    mutationFn: (next: BookingAction) => runBookingAction(id, next),
    onSuccess: async (_, next) => {
      const done = {
        cancel: 'Booking canceled',
        presence: 'Presence changed',
        notes: 'Note added',
        save: 'Added to Saved Bookings',
        unsave: 'Removed from Saved Bookings',
      }[next.kind];
      notifySuccess(done);
      if (next.kind === 'notes') {
        setNoteOpened(false);
        setNote('');
      }
      await refresh();
    },
    onError: notifyError,
  });
  const retry = useMutation({
    mutationFn: (refundId: string) => retryRefund(id, refundId),
    onSuccess: async () => {
      notifySuccess('Refund sent again');
      await refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => deleteBooking(id),
    onSuccess: async () => {
      notifySuccess('Booking deleted');
      await refresh();
      await navigate('/bookings');
    },
    onError: notifyError,
  });

  if (booking.isPending) return <FullPageLoader />;
  if (booking.isError) return <LoadError error={booking.error} onRetry={() => booking.refetch()} />;
  const b = booking.data;
  const live = isLiveStatus(b.status);
  // The kept deposit of a no-show can still be refunded by overriding it, so the refund page opens on anything paid.
  const refundable = b.netPaid;
  const dropPaymentOutcome = () =>
    setSearchParams(
      (params) => {
        params.delete('payment');
        return params;
      },
      { replace: true },
    );
  const productName = products.data?.find((p) => p.id === b.productId)?.name ?? '';
  const name = customerName(b.reservationInfo) || 'No name';

  const confirmThen = async (title: string, message: string, confirmLabel: string, run: () => void) => {
    if (await confirmAction({ title, message, confirmLabel, danger: true })) run();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button component={Link} to="/bookings" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Bookings
          </Button>
          <Title order={2} data-testid="booking-name">
            {name}
          </Title>
          <StatusBadge status={b.status} />
        </Group>
        <Group gap="xs" wrap="wrap">
          {session.can('bookings.edit') && live ? (
            <Button variant="default" component={Link} to={`/bookings/${id}/edit`}>
              Edit
            </Button>
          ) : null}
          {session.can('bookings.edit') ? (
            <Button variant="default" component={Link} to={`/bookings/${id}/personal-info`}>
              Personal info
            </Button>
          ) : null}
          <Button variant="default" component={Link} to={`/bookings/${id}/signatures`} data-testid="signed-waivers-link">
            Signed waivers
          </Button>
          {session.can('bookings.collect') && live && b.due > 0 ? (
            <Button component={Link} to={`/bookings/${id}/checkout`}>
              Collect
            </Button>
          ) : null}
          {session.can('bookings.refund') && refundable > 0 ? (
            <Button variant="default" component={Link} to={`/bookings/${id}/refund`}>
              Issue refund
            </Button>
          ) : null}
          {session.can('bookings.edit') && session.can('bookings.setCustomPrice') && live ? (
            <Button variant="default" onClick={() => setAdjustOpened(true)}>
              Adjust price
            </Button>
          ) : null}
          <Button variant="default" component={Link} to={`/bookings/${id}/receipt`} data-testid="receipt-link">
            Receipt
          </Button>
          {session.can('bookings.save') ? (
            <Button variant="default" onClick={() => action.mutate({ kind: b.isSaved ? 'unsave' : 'save' })} loading={action.isPending}>
              {b.isSaved ? 'Remove from Saved Bookings' : 'Save'}
            </Button>
          ) : null}
          {session.can('bookings.addNote') ? (
            <Button variant="default" onClick={() => setNoteOpened(true)}>
              Add note
            </Button>
          ) : null}
          {session.can('bookings.sendEmail') ? (
            <Button variant="default" onClick={() => setEmailOpened(true)}>
              Send email
            </Button>
          ) : null}
          {session.can('bookings.cancel') && live ? (
            <Button color="red" variant="light" onClick={() => setCancelOpened(true)}>
              Cancel booking
            </Button>
          ) : null}
          {session.can('bookings.delete') ? (
            <Button
              color="red"
              variant="subtle"
              onClick={() =>
                confirmThen(
                  'Delete booking',
                  `Delete the booking of ${name} with its payments and log? This cannot be undone.`,
                  'Delete',
                  () => remove.mutate(),
                )
              }
            >
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>

      <CardPaymentAlert outcome={paymentOutcome} received={cardPaymentReceived(b, returnedAt)} onClose={dropPaymentOutcome} />
      <BookingGuest guestId={b.guestId} />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            Booking details
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Reg. code">
              <span data-testid="booking-code">{b.registrationCode}</span>
            </Fact>
            <Fact label="Booking reference">{b.bookingReference}</Fact>
            <Fact label="Product">{productName}</Fact>
            <Fact label="Date of event">
              {format.date(b.startsAt)} {format.time(b.startsAt)}–{format.time(b.endsAt)} ({durationLabel(b.startsAt, b.endsAt)})
            </Fact>
            <Fact label="Lanes">{b.resourceIds.join(', ')}</Fact>
            <Fact label="Players">{b.playersCount}</Fact>
            <Fact label="Source">{BOOKING_SOURCE_LABELS[b.source]}</Fact>
            <Fact label="Created">{format.dateTime(b.createdAt)}</Fact>
            <Fact label="Waivers signed">
              {b.numberOfSignedWaivers}/{b.playersCount}
              {b.waiverOnFileUntil ? (
                <Text span size="xs" c="dimmed" display="block" data-testid="booking-waiver-on-file">
                  Booker’s waiver on file until {format.date(b.waiverOnFileUntil)}
                </Text>
              ) : null}
            </Fact>
            <Fact label="Presence">
              {session.can('bookings.changePresenceStatus') ? (
                <PresenceSelect
                  booking={b}
                  size="xs"
                  data={PRESENCE_STATUSES.map((value) => ({ value, label: presenceLabel({ ...b, presenceStatus: value }) }))}
                  onChange={(presenceStatus) => action.mutateAsync({ kind: 'presence', presenceStatus })}
                  w={200}
                />
              ) : (
                presenceLabel(b)
              )}
            </Fact>
          </SimpleGrid>
          <Title order={5} mt="md" mb="xs">
            Customer
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Name">{name}</Fact>
            {/* A desk booking may have neither: said, so an empty field is not taken for a missing load. */}
            <Fact label="Email">{b.reservationInfo.email || 'Not given'}</Fact>
            <Fact label="Phone">
              <span data-testid="booking-phone">{b.reservationInfo.phone ? format.phone(b.reservationInfo.phone) : 'Not given'}</span>
            </Fact>
            <Fact label="Note">
              <span style={{ whiteSpace: 'pre-wrap' }} data-testid="booking-note">
                {b.reservationInfo.note}
              </span>
            </Fact>
            {Object.entries(b.customFields).map(([label, value]) => (
              <Fact key={label} label={label}>
                {Array.isArray(value) ? value.join(', ') : String(value)}
              </Fact>
            ))}
          </SimpleGrid>
          {b.upsellItems.length ? (
            <>
              <Title order={5} mt="md" mb="xs">
                Upsell items
              </Title>
              {b.upsellItems.map((item) => (
                <Text size="sm" key={item.id}>
                  {item.quantity} × {item.name} ({format.money(item.price)})
                </Text>
              ))}
            </>
          ) : null}
        </Card>

        <Card withBorder radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Payments</Title>
            <PaymentLabelBadge label={b.paymentLabel} />
          </Group>
          <SimpleGrid cols={3} spacing="sm" mb="md">
            <Fact label="Total">{format.money(b.total)}</Fact>
            <Fact label="Deposit">{format.money(b.deposit)}</Fact>
            <Fact label="Paid">
              <span data-testid="booking-paid">{format.money(b.paid)}</span>
            </Fact>
            <Fact label="Refunded">
              <span data-testid="booking-refunded">{format.money(b.refunded)}</span>
            </Fact>
            <Fact label="Payment due">
              <span data-testid="booking-due">{format.money(b.due)}</span>
            </Fact>
            {b.kept > 0 ? (
              <Fact label="Kept by the venue">
                <span data-testid="booking-kept">{format.money(b.kept)}</span>
              </Fact>
            ) : null}
            {b.overpaid > 0 ? (
              <Fact label="Overpaid">
                <span data-testid="booking-overpaid">{format.money(b.overpaid)}</span>
              </Fact>
            ) : null}
            {b.keptDeposit > 0 ? (
              <Fact label="Deposit kept">
                <span data-testid="booking-kept-deposit">{format.money(b.keptDeposit)}</span>
              </Fact>
            ) : null}
            {b.appliedPromocode ? <Fact label="Promocode">{b.appliedPromocode}</Fact> : null}
            {b.affiliateId ? (
              <>
                <Fact label="Affiliate">
                  <Link to={`/settings/affiliates/${encodeURIComponent(b.affiliateId)}`} data-testid="booking-affiliate">
                    {b.affiliateName ?? 'Affiliate'}
                  </Link>
                </Fact>
                <Fact label="Affiliate commission">
                  <span data-testid="booking-affiliate-commission">{format.money(b.affiliateCommissionAmount)}</span>
                </Fact>
              </>
            ) : null}
          </SimpleGrid>
          {b.checkoutInfo.payments.length ? (
            <Table aria-label="Payments" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>Refunded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.checkoutInfo.payments.map((payment) => (
                  <Table.Tr key={payment.id} data-testid="payment-row">
                    <Table.Td>{format.dateTime(payment.date)}</Table.Td>
                    <Table.Td>{payment.paymentMethodAlias}</Table.Td>
                    <Table.Td>{format.money(payment.paid)}</Table.Td>
                    <Table.Td>{format.money(payment.refunded)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              No payments yet.
            </Text>
          )}
          {b.refunds.length ? (
            <Table aria-label="Refunds" verticalSpacing="xs" mt="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Refund date</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Refunded</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.refunds.map((r) => (
                  <Table.Tr key={r.id} data-testid="refund-row">
                    <Table.Td>{format.dateTime(r.date)}</Table.Td>
                    <Table.Td>{r.paymentMethodAlias}</Table.Td>
                    <Table.Td>{format.money(r.amount)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <RefundStatusBadge status={r.status} />
                        {r.status === 'failed' && session.can('bookings.refund') ? (
                          <Button
                            size="compact-xs"
                            variant="light"
                            title={r.failure ?? undefined}
                            loading={retry.isPending && retry.variables === r.id}
                            onClick={() => retry.mutate(r.id)}
                          >
                            Retry
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md">
        <Title order={4} mb="sm">
          Booking log
        </Title>
        {logs.data?.length ? (
          <BookingLogTimeline entries={logs.data} />
        ) : (
          <Text size="sm" c="dimmed">
            {logs.isPending ? 'Loading…' : 'Nothing in the log.'}
          </Text>
        )}
      </Card>

      <Modal opened={noteOpened} onClose={() => setNoteOpened(false)} title="Add note" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate({ kind: 'notes', text: note });
          }}
        >
          <Stack>
            <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={3} data-autofocus />
            <Group justify="flex-end">
              <Button type="submit" loading={action.isPending} disabled={!note.trim()}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <SendEmailModal booking={b} opened={emailOpened} onClose={() => setEmailOpened(false)} />
      {cancelOpened ? (
        <CancelBookingModal
          booking={b}
          opened
          onClose={() => setCancelOpened(false)}
          onCanceled={(refunds) => {
            setCancelOpened(false);
            notifySuccess('Booking canceled');
            if (refunds.length) setDoneRefunds(refunds);
            void refresh();
          }}
        />
      ) : null}
      {adjustOpened ? <AdjustPriceModal booking={b} opened onClose={() => setAdjustOpened(false)} onSaved={refresh} /> : null}
      <RefundDone bookingId={id} refunds={doneRefunds} onClose={() => setDoneRefunds(null)} />
    </Stack>
  );
}
