import { Badge } from '@mantine/core';
import { bookingStatusLabel, type BookingStatus } from '@lanebook/core/bookings';
import type { PaymentLabel } from '@lanebook/core/booking-money';

const STATUS_COLORS: Record<BookingStatus, string> = {
  new: 'blue',
  wait_for_payment: 'yellow',
  paid: 'green',
  canceled: 'gray',
  abandoned: 'red',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="booking-status">
      {bookingStatusLabel(status)}
    </Badge>
  );
}

const PAYMENT_LABEL_COLORS: Partial<Record<PaymentLabel, string>> = {
  Paid: 'green',
  'Part paid': 'yellow',
  Overpaid: 'orange',
  Kept: 'grape',
  Refunded: 'grape',
};

/** What the booking's money says (its payment label), worded and colored alike on the list and the booking's page. */
export function PaymentLabelBadge({ label, size = 'sm' }: { label: PaymentLabel; size?: 'xs' | 'sm' }) {
  return (
    <Badge variant="outline" size={size} color={PAYMENT_LABEL_COLORS[label] ?? 'gray'} data-testid="payment-label">
      {label}
    </Badge>
  );
}

/** A refund's date in the Done! dialog: M/D/YYYY (decision 026), in the venue's zone. */
export function shortUsDate(iso: string, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')}`;
}

/** "1 h 30 min" from the booking's start and end. */
export function durationLabel(startsAt: string, endsAt: string): string {
  const minutes = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ') || '0 min';
}

export const customerName = (info: { firstName: string; lastName: string }) => [info.firstName, info.lastName].filter(Boolean).join(' ');
