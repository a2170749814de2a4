import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { checkout } from './api/checkout';
import { bookingsKey } from './api/keys';
import { paymentMethodsQuery } from './api/payment-methods';
import { BookingPanel } from './BookingPanel';
import { useVenueFormat } from './format';

function CheckoutForm({ booking }: { booking: BookingDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const methods = useQuery(paymentMethodsQuery(session.venueId, booking.id));
  // The deposit is the usual first payment of an unpaid booking; otherwise what is due.
  const suggested = booking.paid === 0 && booking.deposit > 0 && booking.deposit < booking.due ? booking.deposit : booking.due;
  const [amount, setAmount] = useState<number | null>(suggested);
  const [method, setMethod] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = method ?? methods.data?.items[0] ?? null;

  const collect = useMutation({
    mutationFn: () => checkout(booking.id, { amount: amount ?? 0, paymentMethod: chosen ?? '' }),
    onSuccess: async (paid) => {
      notifySuccess(paid.status === 'paid' ? 'Paid in full' : `Collected ${format.money(amount ?? 0)}`);
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
      await navigate(`/bookings/${booking.id}/view`);
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });

  if (booking.due === 0)
    return (
      <Text c="dimmed" data-testid="nothing-due">
        Nothing is due on this booking.
      </Text>
    );
  return (
    <Card withBorder radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          collect.mutate();
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
            data={methods.data?.items ?? []}
            value={chosen}
            onChange={setMethod}
            allowDeselect={false}
            error={errors.paymentMethod}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={collect.isPending} disabled={!amount || !chosen}>
              Collect {format.money(amount ?? 0)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function CheckoutPage() {
  return <BookingPanel title="Checkout">{(booking) => <CheckoutForm booking={booking} />}</BookingPanel>;
}
