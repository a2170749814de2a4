import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { GIFT_CARD_PAYMENT_METHOD, type BookingDetail, type CheckoutAnswer } from '@lanebook/core/booking-schemas';
import { maskedGiftCardCode } from '@lanebook/core/gift-cards';
import { CARD_PAYMENT_METHOD, isCashMethod } from '@lanebook/core/payment-schemas';
import { useSession } from '../../lib/session';
import { usePaymentsInfo } from '../../lib/payments-info';
import { openProviderPage } from '../../lib/provider-page';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { ApiError } from '../../lib/api';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { checkout } from './api/checkout';
import { startCardCheckout } from './api/card-checkout';
import { bookingsKey } from './api/keys';
import { paymentMethodsQuery } from './api/payment-methods';
import { BookingPanel } from './BookingPanel';
import { useVenueFormat } from '../../lib/venue-format';

function CheckoutForm({ booking }: { booking: BookingDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const methods = useQuery(paymentMethodsQuery(session.venueId, booking.id));
  const payments = usePaymentsInfo();
  const cardEnabled = payments.data?.isPaymentsEnabled === true;
  // The venue's own methods (Cash, a POS terminal), then Card once the provider takes card payments, then a gift card's code.
  const choices = [
    ...(methods.data?.items ?? []).filter((name) => name !== CARD_PAYMENT_METHOD).map((name) => ({ value: name, label: name })),
    ...(cardEnabled ? [{ value: CARD_PAYMENT_METHOD, label: 'Card' }] : []),
    { value: GIFT_CARD_PAYMENT_METHOD, label: 'Gift card' },
  ];
  // The deposit is the usual first payment of an unpaid booking; otherwise what is due.
  const suggested = booking.netPaid === 0 && booking.deposit > 0 && booking.deposit < booking.due ? booking.deposit : booking.due;
  const [amount, setAmount] = useState<number | null>(suggested);
  const [method, setMethod] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = (method && choices.some((c) => c.value === method) ? method : null) ?? choices[0]?.value ?? null;
  const byCard = chosen === CARD_PAYMENT_METHOD;
  const byGiftCard = chosen === GIFT_CARD_PAYMENT_METHOD;
  const [giftCardCode, setGiftCardCode] = useState('');
  // What the last gift card paid: the desk then collects the rest by another method, on this page.
  const [applied, setApplied] = useState<CheckoutAnswer['appliedGiftCard'] | null>(null);
  // At a till: the cash handed over, and the change to give back from it.
  const [tendered, setTendered] = useState<number | null>(null);
  const byCash = chosen !== null && isCashMethod(chosen);
  const cashTendered = byCash && tendered !== null && tendered > 0 ? tendered : null;
  const change = cashTendered !== null && amount ? cashTendered - amount : null;

  const collect = useMutation({
    mutationFn: () =>
      checkout(booking.id, {
        amount: amount ?? 0,
        paymentMethod: chosen ?? '',
        ...(cashTendered !== null ? { tendered: cashTendered } : {}),
        ...(byGiftCard ? { giftCardCode } : {}),
      }),
    onSuccess: async (paid) => {
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
      if (paid.appliedGiftCard) {
        // A card pays what it holds: what is left is collected here, by another method.
        setApplied(paid.appliedGiftCard);
        setGiftCardCode('');
        setAmount(paid.due > 0 ? paid.due : null);
        if (paid.due > 0) setMethod(null);
        return;
      }
      const collected = paid.status === 'paid' ? 'Paid in full' : `Collected ${format.money(amount ?? 0)}`;
      notifySuccess(paid.change > 0 ? `${collected}. Change to give: ${format.money(paid.change)}` : collected);
      await navigate(`/bookings/${booking.id}/view`);
    },
    onError: (error) => {
      // A code that cannot pay (unknown, disabled, expired, empty, too many tries) is said at the code, in the server's words.
      if (byGiftCard && error instanceof ApiError && error.fields.length === 0 && [404, 409, 429].includes(error.status))
        setErrors({ giftCardCode: error.message });
      else showFieldErrors(error, setErrors);
    },
  });
  // By card the customer pays on the provider's page, which brings the browser back to the booking.
  const payByCard = useMutation({
    mutationFn: async () => {
      const { url } = await startCardCheckout(booking.id, amount ?? 0);
      openProviderPage(url);
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });
  const sending = collect.isPending || payByCard.isPending || payByCard.isSuccess;

  const appliedNote = applied ? (
    <Alert
      color="green"
      title={`Gift card ${maskedGiftCardCode(applied.last4)} paid ${format.money(applied.amount)}`}
      data-testid="gift-card-applied"
    >
      <Text size="sm">
        It holds {format.money(applied.balance)} now.{' '}
        {booking.due > 0 ? `Still due: ${format.money(booking.due)}. Collect it below.` : 'Nothing is due now.'}
      </Text>
    </Alert>
  ) : null;
  if (booking.due === 0)
    return (
      <Stack>
        {appliedNote}
        <Text c="dimmed" data-testid="nothing-due">
          Nothing is due on this booking.
        </Text>
        {applied ? (
          <Group>
            <Button component={Link} to={`/bookings/${booking.id}/view`}>
              Back to the booking
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  return (
    <Stack>
      {appliedNote}
      <Card withBorder radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setErrors({});
            if (byCard) payByCard.mutate();
            else collect.mutate();
          }}
        >
          <Stack>
            <MoneyInput label="Amount" value={amount} onChange={setAmount} error={errors.amount} required />
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => setAmount(booking.due)}>
                All due ({format.money(booking.due)})
              </Button>
              {booking.deposit > 0 && booking.deposit < booking.due ? (
                <Button size="compact-sm" variant="default" onClick={() => setAmount(booking.deposit)}>
                  Deposit ({format.money(booking.deposit)})
                </Button>
              ) : null}
            </Group>
            <Select
              label="Payment method"
              data={choices}
              value={chosen}
              onChange={setMethod}
              allowDeselect={false}
              description={
                byCard ? 'The customer pays on the payment page' : byGiftCard ? 'The card pays what it holds, up to the amount' : undefined
              }
              error={errors.paymentMethod}
              required
            />
            {byGiftCard ? (
              <TextInput
                label="Gift card code"
                placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
                value={giftCardCode}
                onChange={(event) => {
                  setGiftCardCode(event.currentTarget.value);
                  if (errors.giftCardCode) setErrors({ ...errors, giftCardCode: '' });
                }}
                error={errors.giftCardCode || undefined}
                autoComplete="off"
                ff="monospace"
                required
                w={{ base: '100%', xs: 320 }}
              />
            ) : null}
            {byCash ? (
              <Stack gap={4}>
                <MoneyInput label="Cash tendered" value={tendered} onChange={setTendered} error={errors.tendered} w={240} />
                {change !== null ? (
                  <Text size="lg" fw={700} c={change < 0 ? 'red' : undefined} data-testid="change-to-give" aria-live="polite">
                    {change < 0 ? `${format.money(-change)} short of the amount` : `Change to give: ${format.money(change)}`}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {payments.data && !cardEnabled ? (
              <Text size="xs" c="dimmed" data-testid="card-not-enabled">
                Card payments start once the payment account is verified
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={sending}
                disabled={!amount || !chosen || (change !== null && change < 0) || (byGiftCard && !giftCardCode.trim())}
              >
                {byCard
                  ? `Pay ${format.money(amount ?? 0)} by card`
                  : byGiftCard
                    ? `Pay up to ${format.money(amount ?? 0)} by gift card`
                    : `Collect ${format.money(amount ?? 0)}`}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

export default function CheckoutPage() {
  return <BookingPanel title="Checkout">{(booking) => <CheckoutForm booking={booking} />}</BookingPanel>;
}
