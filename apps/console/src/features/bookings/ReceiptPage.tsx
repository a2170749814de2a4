import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { priceBreakdown } from '@lanebook/core/price-lines';
import { useSession } from '../../lib/session';
import { notifyError } from '../../lib/notify';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { PrintToolbar } from '../../components/print/PrintToolbar';
import { bookingQuery } from './api/get-booking';
import { bookingProductsQuery } from './api/catalog-lists';
import { downloadReceiptPdf } from './api/download-receipt';
import { customerName } from './format';
import { useVenueFormat } from '../../lib/venue-format';

const REFUND_NOTES = { pending: 'pending', succeeded: '', failed: 'failed, not refunded' } as const;

/** Label and amount rows, the amount on the right. */
function AmountRows({ rows }: { rows: ([label: string, amount: string, bold?: boolean] | false)[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map((row, index) =>
          row ? (
            <Table.Tr key={index} fw={row[2] ? 700 : undefined}>
              <Table.Td>{row[0]}</Table.Td>
              <Table.Td ta="right">{row[1]}</Table.Td>
            </Table.Tr>
          ) : null,
        )}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The booking's receipt, to print or download as a PDF (GET .../receipt.pdf writes the same
 * sections): the venue, the charges as priced with their tax lines, payments, refunds, and what
 * the booking still owes or the venue kept (the server's figures, from the one money rule).
 */
function Receipt({ booking: b }: { booking: BookingDetail }) {
  const session = useSession();
  const format = useVenueFormat();
  const venue = session.me?.venue;
  const products = useQuery(bookingProductsQuery(session.venueId));
  const productName = products.data?.find((p) => p.id === b.productId)?.name ?? '';
  const quote = b.quote;
  return (
    <Card withBorder radius="md" maw={720} data-printed>
      <Stack gap="sm">
        <div>
          <Title order={2}>{venue?.name}</Title>
          {venue?.companyName && venue.companyName !== venue.name ? <Text size="sm">{venue.companyName}</Text> : null}
          {venue?.address ? <Text size="sm">{venue.address}</Text> : null}
          <Text size="sm">{[venue?.phone ? format.phone(venue.phone) : '', venue?.email].filter(Boolean).join('  ')}</Text>
        </div>
        <div>
          <Title order={3}>Receipt</Title>
          <Text size="sm">
            Reg. code {b.registrationCode ?? '-'} · Booking reference {b.bookingReference ?? '-'}
          </Text>
          <Text size="sm">Customer: {customerName(b.reservationInfo) || '-'}</Text>
          <Text size="sm">
            {productName}, {format.date(b.startsAt)}, {b.playersCount} players
          </Text>
        </div>
        <Title order={4}>Charges</Title>
        {quote ? (
          <Table withRowBorders={false} verticalSpacing={2} aria-label="Charges">
            <Table.Tbody>
              {quote.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{line.label}</Table.Td>
                  <Table.Td>
                    {line.quantity} × {format.money(line.unitPrice)}
                  </Table.Td>
                  <Table.Td ta="right">{format.money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <AmountRows
          rows={[
            // The items are the table above; discounts, taxes and a price the venue set follow, adding up to the total.
            ...(quote ? priceBreakdown(quote, b.total).lines : [])
              .filter((line) => line.kind !== 'item')
              .map((line): [string, string] => [line.label, format.money(line.amount)]),
            ['Total', format.money(b.total), true],
          ]}
        />
        <Title order={4}>Payments</Title>
        {b.checkoutInfo.payments.length ? (
          <Table withRowBorders={false} verticalSpacing={2} aria-label="Payments">
            <Table.Tbody>
              {b.checkoutInfo.payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{format.date(p.date)}</Table.Td>
                  <Table.Td>{p.paymentMethodAlias}</Table.Td>
                  <Table.Td ta="right">{format.money(p.paid)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">No payments.</Text>
        )}
        {b.refunds.length ? (
          <>
            <Title order={4}>Refunds</Title>
            <Table withRowBorders={false} verticalSpacing={2} aria-label="Refunds">
              <Table.Tbody>
                {b.refunds.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{format.date(r.date)}</Table.Td>
                    <Table.Td>{r.paymentMethodAlias}</Table.Td>
                    <Table.Td>{REFUND_NOTES[r.status]}</Table.Td>
                    <Table.Td ta="right">{format.money(-r.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
        <AmountRows
          rows={[
            ['Paid', format.money(b.paid)],
            ['Refunded', format.money(b.refunded)],
            b.kept > 0 ? ['Kept by the venue', format.money(b.kept), true] : ['Due', format.money(b.due), true],
          ]}
        />
      </Stack>
    </Card>
  );
}

export default function ReceiptPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const booking = useQuery(bookingQuery(session.venueId, id));
  const download = useMutation({ mutationFn: () => downloadReceiptPdf(id), onError: notifyError });
  if (booking.isPending) return <FullPageLoader />;
  if (booking.isError) return <LoadError error={booking.error} onRetry={() => booking.refetch()} />;
  return (
    <Stack gap="md" data-testid="receipt">
      <PrintToolbar
        back={
          <Button component={Link} to={`/bookings/${id}/view`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Booking details
          </Button>
        }
        onDownload={() => download.mutate()}
        downloading={download.isPending}
      />
      <Receipt booking={booking.data} />
    </Stack>
  );
}
