/**
 * What the buyer typed, kept for this tab while the provider's page is open: giving up there
 * comes back to the form as it was (paid=0). The browser may refuse storage in a third-party
 * frame; then the form starts empty, as it would have anyway.
 */

export interface GiftCardDraft {
  /** A preset amount (cents), or 'other' with otherAmount as typed. */
  amount: number | 'other';
  otherAmount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD, the venue's date. */
  deliverAt: string;
  buyerName: string;
  buyerEmail: string;
}

export const EMPTY_DRAFT: GiftCardDraft = {
  amount: 'other',
  otherAmount: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliverAt: '',
  buyerName: '',
  buyerEmail: '',
};

const keyOf = (venueId: string) => `lanebook:gift-card:${venueId}`;

export function saveDraft(venueId: string, draft: GiftCardDraft) {
  try {
    sessionStorage.setItem(keyOf(venueId), JSON.stringify(draft));
  } catch {
    // No storage here: nothing to keep.
  }
}

export function loadDraft(venueId: string): GiftCardDraft | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyOf(venueId)) ?? 'null') as Partial<GiftCardDraft> | null;
    if (!saved || typeof saved !== 'object') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      amount: typeof saved.amount === 'number' ? saved.amount : 'other',
      otherAmount: text(saved.otherAmount),
      recipientName: text(saved.recipientName),
      recipientEmail: text(saved.recipientEmail),
      message: text(saved.message),
      deliverAt: text(saved.deliverAt),
      buyerName: text(saved.buyerName),
      buyerEmail: text(saved.buyerEmail),
    };
  } catch {
    return null;
  }
}

export function clearDraft(venueId: string) {
  try {
    sessionStorage.removeItem(keyOf(venueId));
  } catch {
    // No storage here: nothing was kept.
  }
}
