import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { updateBooking } from './api/update-booking';
import { useVenueFormat } from '../../lib/venue-format';

/**
 * "Adjust price" (bookings.setCustomPrice): sets the booking's price by hand, or back to its quoted
 * price. The server settles the status: what is then due is collected, what was overpaid refunded.
 */
export function AdjustPriceModal({
  booking,
  opened,
  onClose,
  onSaved,
}: {
  booking: BookingDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const format = useVenueFormat();
  const [price, setPrice] = useState<number | null>(booking.total);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (customPrice: number | null) => updateBooking(booking.id, { customPrice }),
    onSuccess: async (saved) => {
      notifySuccess(`Price set to ${format.money(saved.total)}`);
      await onSaved();
      onClose();
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Adjust price" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          save.mutate(price ?? 0);
        }}
      >
        <Stack>
          <Text size="sm">
            Now {format.money(booking.total)}
            {booking.quote && booking.customPrice !== null ? `, quoted ${format.money(booking.quote.total)}` : ''}.
          </Text>
          <MoneyInput label="New price" value={price} onChange={setPrice} error={errors.customPrice} required data-autofocus />
          <Group justify="space-between">
            {booking.customPrice !== null && booking.quote ? (
              <Button variant="subtle" onClick={() => save.mutate(null)} loading={save.isPending}>
                Back to the quoted price
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending} disabled={price === null}>
              Set price
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
