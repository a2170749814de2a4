import { Radio, Stack } from '@mantine/core';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { GIFT_CARD_METHOD } from '@lanebook/core/gift-cards';
import type { GiftCardRefundTo } from './api/refund';

/** What gift cards paid of the booking and is not refunded yet: a refund may give it back to them. */
export const giftCardHeld = (booking: BookingDetail) =>
  booking.checkoutInfo.payments
    .filter((payment) => payment.paymentMethodAlias === GIFT_CARD_METHOD)
    .reduce((sum, payment) => sum + payment.paid - payment.refunded, 0);

/**
 * Where a refund of what a gift card paid goes (decision 045): back to the card by default, or in
 * cash at the desk. Shown by the refund page and the cancel dialog when a card paid part of the booking.
 */
export function GiftCardRefundChoice({ value, onChange }: { value: GiftCardRefundTo; onChange: (value: GiftCardRefundTo) => void }) {
  return (
    <Radio.Group
      label="What a gift card paid goes back"
      description="Refunds go to the payments newest first; this is for the gift card's part"
      value={value}
      onChange={(next) => onChange(next as GiftCardRefundTo)}
      data-testid="gift-card-refund-to"
    >
      <Stack gap={6} mt={4}>
        <Radio value="giftCard" label="To the gift card" />
        <Radio value="cash" label="In cash" />
      </Stack>
    </Radio.Group>
  );
}
