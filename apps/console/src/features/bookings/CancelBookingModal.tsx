import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import { showFieldErrors } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { ReasonInput } from '../../components/fields/ReasonInput';
import { runBookingAction } from './api/booking-action';
import type { GiftCardRefundTo, RefundMade } from './api/refund';
import { useVenueFormat } from '../../lib/venue-format';
import { GiftCardRefundChoice, giftCardHeld } from './GiftCardRefundChoice';

type RefundChoice = 'none' | 'all' | 'part';

/**
 * Cancelling a booking: what was paid, and in the same step a refund of all, part or none of it
 * (cancelling by itself refunds nothing), with an optional reason kept in the booking's log.
 * `onCanceled` gets the refunds the cancellation made, for the "Done!" dialog.
 */
export function CancelBookingModal({
  booking,
  opened,
  onClose,
  onCanceled,
}: {
  booking: BookingDetail;
  opened: boolean;
  onClose: () => void;
  onCanceled: (refunds: RefundMade[]) => void;
}) {
  const format = useVenueFormat();
  // One rule for refunds: only staff who may issue refunds are offered one here (the server refuses the rest).
  const mayRefund = useSession().can('bookings.refund');
  const held = booking.netPaid;
  const [choice, setChoice] = useState<RefundChoice>('none');
  const [part, setPart] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refundAmount = !mayRefund || held <= 0 || choice === 'none' ? 0 : choice === 'all' ? held : (part ?? 0);
  const paidByGiftCard = giftCardHeld(booking) > 0;
  const [giftCardRefundTo, setGiftCardRefundTo] = useState<GiftCardRefundTo>('giftCard');

  const cancel = useMutation({
    mutationFn: () =>
      runBookingAction(booking.id, {
        kind: 'cancel',
        ...(refundAmount > 0 ? { refundAmount } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(refundAmount > 0 && paidByGiftCard ? { giftCardRefundTo } : {}),
      }),
    onSuccess: (canceled: Booking) => {
      const before = new Set(booking.refunds.map((r) => r.id));
      onCanceled(canceled.refunds.filter((r) => !before.has(r.id)));
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Cancel booking" centered data-testid="cancel-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          if (choice === 'part' && (refundAmount <= 0 || refundAmount > held))
            setErrors({ refundAmount: `Refund between ${format.money(1)} and ${format.money(held)}` });
          else cancel.mutate();
        }}
      >
        <Stack>
          <Text size="sm">Its lanes are free at once.</Text>
          <Text size="sm" data-testid="cancel-paid">
            {held > 0
              ? `Paid ${format.money(held)}${booking.refunded > 0 ? ` (${format.money(booking.paid)} paid, ${format.money(booking.refunded)} refunded)` : ''}.`
              : 'Nothing was paid.'}
          </Text>
          {held > 0 && !mayRefund ? (
            <Text size="xs" c="dimmed" data-testid="cancel-no-refund">
              The venue keeps {format.money(held)}. A refund is for staff who may issue refunds; it can still be made later.
            </Text>
          ) : null}
          {held > 0 && mayRefund ? (
            <>
              <SegmentedControl
                aria-label="Refund"
                data={[
                  { value: 'none', label: 'No refund' },
                  { value: 'all', label: `Refund all (${format.money(held)})` },
                  { value: 'part', label: 'Refund part' },
                ]}
                value={choice}
                onChange={(value) => setChoice(value as RefundChoice)}
              />
              {choice === 'part' ? (
                <MoneyInput label="Amount to refund" value={part} onChange={setPart} error={errors.refundAmount} required />
              ) : errors.refundAmount ? (
                <Text size="sm" c="red">
                  {errors.refundAmount}
                </Text>
              ) : null}
              {choice === 'none' ? (
                <Text size="xs" c="dimmed">
                  The venue keeps {format.money(held)}; it can still be refunded later.
                </Text>
              ) : paidByGiftCard ? (
                <GiftCardRefundChoice value={giftCardRefundTo} onChange={setGiftCardRefundTo} />
              ) : null}
            </>
          ) : null}
          <ReasonInput description="Kept in the booking's log" value={reason} onChange={setReason} error={errors.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep the booking
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {refundAmount > 0 ? `Cancel and refund ${format.money(refundAmount)}` : 'Cancel booking'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
