/**
 * Gift cards (issue 37, decision 045), the part every surface shares and that needs no zod: the
 * code's alphabet and shape, how typed codes are normalised, statuses and ledger kinds. The
 * widget may import this file (it has no zod); the schemas are gift-card-schemas.ts.
 */

/** Digits and capitals without the look-alikes 0, O, 1, I and L: 31 symbols. */
export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/**
 * Characters of a code: 20 symbols of 31 are 99 bits (16 would be 79, short of the 80 the issue
 * asks), shown as five groups of four.
 */
export const GIFT_CARD_CODE_LENGTH = 20;
const GROUP = 4;

/** What a customer or staff member typed, as the code it means: capitals, without spaces, dashes or dots. */
export function normalizeGiftCardCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-_.·•]+/g, '');
}

/** Whether a normalised code has a code's shape (the length and the alphabet). */
export function isGiftCardCodeShape(code: string): boolean {
  if (code.length !== GIFT_CARD_CODE_LENGTH) return false;
  for (const char of code) if (!GIFT_CARD_CODE_ALPHABET.includes(char)) return false;
  return true;
}

/** A code in groups of four: XXXX-XXXX-XXXX-XXXX-XXXX. */
export function formatGiftCardCode(code: string): string {
  const normalized = normalizeGiftCardCode(code);
  const groups: string[] = [];
  for (let at = 0; at < normalized.length; at += GROUP) groups.push(normalized.slice(at, at + GROUP));
  return groups.join('-');
}

/** How the desk and the mails show a card whose full code they do not have: its last four. */
export const maskedGiftCardCode = (last4: string) => `••••-${last4}`;

export const GIFT_CARD_STATUSES = ['active', 'disabled', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, string> = { active: 'Active', disabled: 'Disabled', expired: 'Expired' };

/**
 * The ledger's kinds: issued (the card's value, with how it was paid), redeemed (spent on a
 * booking), refunded (money of a booking given back to the card), adjusted (by staff, with a
 * reason), expired (the balance left at expiry). Amounts are signed cents; the balance is their sum.
 */
export const GIFT_CARD_LEDGER_KINDS = ['issued', 'redeemed', 'refunded', 'adjusted', 'expired'] as const;
export type GiftCardLedgerKind = (typeof GIFT_CARD_LEDGER_KINDS)[number];

/** `paymentMethod` of a card given away: it needs giftCards.issue and a reason. */
export const COMPLIMENTARY = 'complimentary';
/** How an issued card was paid, as the ledger's `method` reads (a venue method's own name otherwise). */
export const GIFT_CARD_ISSUE_METHODS = { complimentary: 'Complimentary', cardOnline: 'Card online' } as const;

/** The booking ledger's method of a payment by gift card, and of a refund back to one. */
export const GIFT_CARD_METHOD = 'Gift card';
