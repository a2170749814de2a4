import { useEffect, useState } from 'react';
import { maskedGiftCardCode } from '@lanebook/core/gift-cards';
import { ApiError, messageOf } from '../lib/api';
import { getGiftCardOrder } from '../lib/calls';
import { pollUntil } from '../lib/checkout';
import { longDate, money } from '../lib/format';
import type { GiftCardOrder, VenueFormat } from '../lib/types';
import { Facts } from '../flow/Facts';

/** About a minute of asking: the provider's confirmation usually comes within seconds. */
const POLLS = 30;

/**
 * Back from the provider's page: the order as the server has it. The card is issued when the
 * provider confirms the payment (its webhook), never here, so this page follows the order until
 * it is paid, and says what happens next either way.
 */
export function OrderStatus({ venueId, orderId, venue, today }: { venueId: string; orderId: string; venue: VenueFormat; today: string }) {
  const [order, setOrder] = useState<GiftCardOrder | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setGaveUp(false);
    return pollUntil(
      async () => {
        try {
          const fresh = await getGiftCardOrder(venueId, orderId);
          setOrder(fresh);
          return fresh.status === 'paid';
        } catch (e) {
          // An order that is not there (a mistyped address) will not appear: say so and stop.
          if (e instanceof ApiError && e.status === 404) {
            setError(messageOf(e));
            return true;
          }
          throw e;
        }
      },
      { immediate: true, attempts: POLLS, onGiveUp: () => setGaveUp(true) },
    );
  }, [venueId, orderId]);

  if (error)
    return (
      <p className="lb-error" role="alert">
        {error}
      </p>
    );
  const card = order?.giftCard ?? null;
  return (
    <section aria-labelledby="lb-order-state">
      <p id="lb-order-state" role="status" className={card ? 'lb-ok' : undefined}>
        {card
          ? 'Your gift card is issued. A receipt is on its way to your email.'
          : gaveUp
            ? 'Your payment has not been confirmed yet. The gift card is issued as soon as it is, and your receipt goes to your email then.'
            : 'Thank you for your payment. Your gift card is being issued; a receipt is on its way to your email.'}
      </p>
      {order ? (
        <Facts
          rows={[
            ['Gift card', money(order.amount, venue)],
            card && ['Card', maskedGiftCardCode(card.last4)],
            ['For', order.recipientName],
            ['Sent by email', order.deliverAt <= today ? 'Today' : longDate(order.deliverAt)],
            card && ['Valid until', card.expiresOn ? longDate(card.expiresOn) : 'It never expires'],
          ]}
        />
      ) : (
        <p className="lb-muted">Checking your payment…</p>
      )}
    </section>
  );
}
