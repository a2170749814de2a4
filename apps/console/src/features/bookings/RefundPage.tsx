import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { isLiveStatus } from '@lanebook/core/booking-money';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { bookingsKey } from './api/keys';
import { refund, type GiftCardRefundTo, type RefundAnswer } from './api/refund';
import { BookingPanel } from './BookingPanel';
import { useVenueFormat } from '../../lib/venue-format';
import { RefundDone } from './RefundDone';
import { GiftCardRefundChoice, giftCardHeld } from './GiftCardRefundChoice';

function RefundForm({ booking }: { booking: BookingDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  // A no-show's deposit is kept: refunding it too takes overriding it on purpose.
  const everything = booking.netPaid;
  const [overrideDeposit, setOverrideDeposit] = useState(false);
  const canOverride = booking.keptDeposit > 0 && everything > booking.refundable;
  const refundable = overrideDeposit && canOverride ? everything : booking.refundable;
  const [amount, setAmount] = useState<number | null>(booking.refundable > 0 ? booking.refundable : null);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<RefundAnswer | null>(null);
  // A live booking has a price the refund may lower (a goodwill discount); by default the price
  // stays and the customer owes the amount again, so a refund never changes a price unasked.
  // Giving back only what was overpaid leaves nothing owed: then there is nothing to ask.
  const asksPrice = isLiveStatus(booking.status) && (amount ?? 0) > booking.overpaid;
  const [priceChoice, setPriceChoice] = useState<'lower' | 'owe'>('owe');
  const paidByGiftCard = giftCardHeld(booking) > 0;
  const [giftCardRefundTo, setGiftCardRefundTo] = useState<GiftCardRefundTo>('giftCard');

  const give = useMutation({
    mutationFn: () =>
      refund(booking.id, {
        amount: amount ?? 0,
        ...(overrideDeposit && canOverride ? { overrideDeposit: true as const } : {}),
        ...(asksPrice ? { lowerPrice: priceChoice === 'lower' } : {}),
        ...(paidByGiftCard ? { giftCardRefundTo } : {}),
      }),
    onSuccess: async (answer) => {
      setDone(answer);
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fields.find((f) => f.path === 'amount') : undefined;
      if (field) setError(field.message);
      else notifyError(failure);
    },
  });

  return (
    <>
      {everything <= 0 && !done ? (
        <Text c="dimmed">Nothing paid is left to refund.</Text>
      ) : (
        <Card withBorder radius="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (amount !== null && amount > refundable) setError(`At most ${format.money(refundable)} can be refunded`);
              else {
                setError(undefined);
                give.mutate();
              }
            }}
          >
            <Stack>
              {booking.keptDeposit > 0 ? (
                <Alert color="yellow" data-testid="kept-deposit">
                  <Stack gap="xs">
                    <Text size="sm">The deposit of {format.money(booking.keptDeposit)} is kept: the group did not show up (No show).</Text>
                    {canOverride ? (
                      <Checkbox
                        label="Refund the deposit too"
                        checked={overrideDeposit}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setOverrideDeposit(checked);
                          setError(undefined);
                          // The offer follows the new maximum.
                          const max = checked ? everything : booking.refundable;
                          setAmount(max > 0 ? max : null);
                        }}
                      />
                    ) : null}
                  </Stack>
                </Alert>
              ) : null}
              <Text size="sm" data-testid="refund-maximum">
                Up to {format.money(refundable)} can be refunded. It goes back to the payments newest first, each by the method it was paid
                with.
              </Text>
              <MoneyInput label="Amount to refund" value={amount} onChange={setAmount} error={error} required />
              {asksPrice ? (
                <Radio.Group
                  label="The booking's price"
                  value={priceChoice}
                  onChange={(value) => setPriceChoice(value as 'lower' | 'owe')}
                  required
                  data-testid="refund-price-choice"
                >
                  <Stack gap={6} mt={4}>
                    <Radio value="lower" label={`Lower the price by ${format.money(amount ?? 0)} (a goodwill discount)`} />
                    <Radio value="owe" label={`Keep the price: the customer owes ${format.money(amount ?? 0)} again`} />
                  </Stack>
                </Radio.Group>
              ) : null}
              {paidByGiftCard ? <GiftCardRefundChoice value={giftCardRefundTo} onChange={setGiftCardRefundTo} /> : null}
              <Group justify="flex-end">
                <Button type="submit" color="red" loading={give.isPending} disabled={!amount}>
                  Refund {format.money(amount ?? 0)}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      <RefundDone bookingId={booking.id} refunds={done?.refunds ?? null} onClose={() => navigate(`/bookings/${booking.id}/view`)} />
    </>
  );
}

export default function RefundPage() {
  return <BookingPanel title="Issue refund">{(booking) => <RefundForm booking={booking} />}</BookingPanel>;
}
