import { Badge } from '@mantine/core';
import { GIFT_CARD_STATUS_LABELS, maskedGiftCardCode, type GiftCardLedgerKind, type GiftCardStatus } from '@lanebook/core/gift-cards';

const STATUS_COLORS: Record<GiftCardStatus, string> = { active: 'green', disabled: 'red', expired: 'gray' };

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="gift-card-status">
      {GIFT_CARD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What each ledger entry did to the card, as the desk reads it. */
export const LEDGER_KIND_LABELS: Record<GiftCardLedgerKind, string> = {
  issued: 'Issued',
  redeemed: 'Redeemed',
  refunded: 'Refunded to card',
  adjusted: 'Adjusted',
  expired: 'Expired',
};

/** A card as the desk names it without its code: ••••-7KQM. */
export const cardName = (last4: string) => maskedGiftCardCode(last4);

/** Signed cents with their sign written, so a ledger reads as additions and deductions. */
export const signedMoney = (money: (cents: number) => string, cents: number) =>
  cents > 0 ? `+${money(cents)}` : cents < 0 ? `−${money(-cents)}` : money(0);
