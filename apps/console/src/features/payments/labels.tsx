import { Badge } from '@mantine/core';
import { formatMoney, formatVenueDate } from '@lanebook/core/format';
import type { PaymentProviderName, PaymentsInfo } from '@lanebook/core/payment-schemas';
import { DEFAULT_MONEY_FORMAT } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';

export const PROVIDER_LABELS: Record<PaymentProviderName, string> = { sandbox: 'Sandbox', stripe: 'Stripe' };

const STATUS: Record<PaymentsInfo['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  inactive: { label: 'Inactive', color: 'gray' },
};

/** Where the venue stands with its payment provider. */
export function PaymentStatusBadge({ status }: { status: PaymentsInfo['status'] }) {
  const { label, color } = STATUS[status] ?? STATUS.inactive;
  return (
    <Badge color={color} variant="light" data-testid="payments-status">
      {label}
    </Badge>
  );
}

/**
 * Money and dates of the payments pages as the open venue writes them. An amount in the venue's
 * own currency takes its money format; another currency is written with its code.
 */
export function usePaymentsFormat(venueCurrency: string | undefined) {
  const venue = useSession().me?.venue;
  const timezone = venue?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    money: (cents: number, currency?: string) =>
      !currency || currency === venueCurrency
        ? formatMoney(cents, venue?.moneyFormat ?? DEFAULT_MONEY_FORMAT)
        : formatMoney(cents, `{{amount}} ${currency.toUpperCase()}`),
    date: (iso: string) => formatVenueDate(new Date(iso), timezone, venue?.dateFormat),
  };
}
