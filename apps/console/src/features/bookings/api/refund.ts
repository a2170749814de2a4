import type { ApiAnswer, ApiOperation } from '@lanebook/core/api/client';
import type { GIFT_CARD_REFUND_TARGETS } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';

/**
 * Without overrideDeposit at most the booking's `refundable`; with it, the kept deposit of a no-show too.
 * lowerPrice (a live booking): the price drops by the amount, else the customer owes it again.
 * giftCardRefundTo: what a gift card paid goes back to the card (the default) or in cash.
 */
/** Where a refund of what a gift card paid goes: back to the card (the server's default) or in cash. */
export type GiftCardRefundTo = (typeof GIFT_CARD_REFUND_TARGETS)[number];

export const refund = (
  id: string,
  body: { amount: number; overrideDeposit?: true; lowerPrice?: boolean; giftCardRefundTo?: GiftCardRefundTo },
) => client.post('/api/private/booking/{id}/refund', { path: { id }, body });

/** The refund's answer: the booking and each refund made, for the "Done!" dialog. */
export type RefundAnswer = ApiAnswer<ApiOperation<'/api/private/booking/{id}/refund', 'post'>>;
/** One refund made, as the "Done!" dialog lists it. */
export type RefundMade = RefundAnswer['refunds'][number];
