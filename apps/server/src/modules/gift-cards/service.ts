import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ERASED_GUEST_NAME } from '@lanebook/core/guest-schemas';
import { addDays, addMonths, formatMoney, formatVenueDate, venueToday, wallClockOf } from '@lanebook/core';
import {
  COMPLIMENTARY,
  GIFT_CARD_ISSUE_METHODS,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
  type GiftCardLedgerKind,
} from '@lanebook/core/gift-cards';
import type { GiftCard, GiftCardDetail, GiftCardLedgerEntry, GiftCardSummary } from '@lanebook/core/gift-card-schemas';
import { isGiftCardAmountAllowed } from '@lanebook/core/gift-card-schemas';
import { startOfDay } from '@lanebook/core/statistics-schemas';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { likePattern } from '../../platform/http.js';
import { forVenue } from '../../platform/venue-scope.js';
import { recordWebhookEvent } from '../integrations/webhooks.js';
import { venueRowById } from '../venues/service.js';
import { codeHashOf, newGiftCardCode, sealCode, type GiftCardKeys } from './codes.js';
import { giftCardLedger, giftCardOrders, giftCards } from './schema.js';

/**
 * Gift cards as money (issue 37, decision 045): every change of a card's balance is a ledger
 * entry written under the card's row lock (FOR UPDATE) in the transaction of its cause: a sale, a
 * booking's payment or refund (bookings/money.ts calls redeemGiftCard and refundToGiftCard with
 * the booking's row locked first), an adjustment, an expiry. The ledger's trigger keeps the
 * balance as its sum and the card's CHECK refuses an entry that would take it below zero.
 */

export type GiftCardRow = typeof giftCards.$inferSelect;
type LedgerRow = typeof giftCardLedger.$inferSelect;

/** Who changes a card: a member (kept on the entry), the customer online, the provider, Lanebook's sweeps. */
export interface GiftCardActor {
  userName: string;
  userId?: string | null;
}

/** The venue fields a card's dates and money are read in. */
export type GiftCardVenue = Pick<VenueRow, 'id' | 'timezone' | 'dateFormat' | 'moneyFormat' | 'giftCards' | 'paymentMethods'>;

// ---- Answers ----

/** The last valid venue date of a card (the day before its expiry instant), null when it never expires. */
export const expiresOnOf = (expiresAt: Date | null, timezone: string) =>
  expiresAt ? wallClockOf(new Date(expiresAt.getTime() - 1), timezone).date : null;

export function giftCardAnswer(row: GiftCardRow, venue: Pick<VenueRow, 'timezone'>): GiftCard {
  return {
    id: row.id,
    last4: row.codeLast4,
    amount: row.amount,
    balance: row.balance,
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expiresOn: expiresOnOf(row.expiresAt, venue.timezone),
    source: row.source,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliverAt: row.deliverOn,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

const entryAnswer = (row: LedgerRow): GiftCardLedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  method: row.method,
  reason: row.reason,
  bookingId: row.bookingId,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

/** A card of the venue, locked for a change when `lock`; another venue's is a 404 like a missing one. */
export async function giftCardOrNotFound(tx: Db | Tx, venueId: string, id: string, { lock = false } = {}): Promise<GiftCardRow> {
  const venue = forVenue(tx, venueId);
  const [row] = lock ? await venue.lock(giftCards, eq(giftCards.id, id)) : await venue.select(giftCards, eq(giftCards.id, id));
  if (!row) throw notFound('Gift card');
  return row;
}

export async function giftCardDetail(tx: Db | Tx, venue: Pick<VenueRow, 'id' | 'timezone'>, id: string): Promise<GiftCardDetail> {
  const row = await giftCardOrNotFound(tx, venue.id, id);
  const ledger = await forVenue(tx, venue.id).select(giftCardLedger, eq(giftCardLedger.giftCardId, id), {
    orderBy: [asc(giftCardLedger.createdAt), asc(giftCardLedger.id)],
  });
  return { ...giftCardAnswer(row, venue), ledger: ledger.map(entryAnswer) };
}

/** The desk's list, newest first: `search` is the last four of a code, or part of a recipient's or buyer's name or email. */
export async function listGiftCards(
  db: Db,
  venue: Pick<VenueRow, 'id' | 'timezone'>,
  query: { search?: string; status?: GiftCardRow['status']; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(giftCards.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    const typed = normalizeGiftCardCode(query.search);
    const matches = [
      ilike(giftCards.recipientName, pattern),
      ilike(giftCards.recipientEmail, pattern),
      ilike(giftCards.buyerName, pattern),
      ilike(giftCards.buyerEmail, pattern),
    ];
    // Four characters are the last four; a whole code (typed at the desk) its last four too.
    if (typed.length === 4) matches.push(eq(giftCards.codeLast4, typed));
    else if (isGiftCardCodeShape(typed)) matches.push(eq(giftCards.codeLast4, typed.slice(-4)));
    conditions.push(or(...matches)!);
  }
  const { rows, total } = await forVenue(db, venue.id).page(giftCards, conditions.length ? and(...conditions) : undefined, {
    limit: query.limit,
    offset: query.offset,
    orderBy: [desc(giftCards.createdAt), desc(giftCards.id)],
  });
  return { items: rows.map((row) => giftCardAnswer(row, venue)), total };
}

// ---- The ledger ----

/** One entry: the trigger moves the card's balance in the same statement; answers the card as it is after. */
async function writeEntry(
  tx: Tx,
  venueId: string,
  card: Pick<GiftCardRow, 'id'>,
  entry: {
    kind: GiftCardLedgerKind;
    amount: number;
    method?: string | null;
    reason?: string | null;
    bookingId?: string | null;
    bookingPaymentId?: string | null;
    providerPaymentId?: string | null;
  },
  actor: GiftCardActor,
  now = new Date(),
): Promise<{ card: GiftCardRow; entry: LedgerRow }> {
  const [written] = await forVenue(tx, venueId)
    .insert(giftCardLedger, {
      id: randomUUID(),
      giftCardId: card.id,
      ...entry,
      userId: actor.userId ?? null,
      userName: actor.userName,
      createdAt: now,
    })
    .returning();
  const [after] = await forVenue(tx, venueId).select(giftCards, eq(giftCards.id, card.id));
  return { card: after, entry: written };
}

/** Tells the venue's webhooks (decision 018): the card as the desk sees it after the change, and the entry. */
async function recordGiftCardEvent(
  tx: Tx,
  venue: Pick<VenueRow, 'id' | 'timezone'>,
  type: 'giftCard.issued' | 'giftCard.redeemed' | 'giftCard.refunded',
  change: { card: GiftCardRow; entry: LedgerRow },
) {
  await recordWebhookEvent(tx, venue.id, type, { giftCard: giftCardAnswer(change.card, venue), entry: entryAnswer(change.entry) });
}

// ---- Issuing ----

export interface GiftCardIssue {
  amount: number;
  /** How it was paid: a venue method's name, Card online, or Complimentary. */
  method: string;
  reason?: string | null;
  source: 'desk' | 'online';
  orderId?: string | null;
  providerPaymentId?: string | null;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** The venue date the recipient's mail goes out; today when left out (or past). */
  deliverAt?: string;
}

/** The venue's midnight ending a card's last day: `expiryMonths` after the sale's venue date; null: never. */
export function expiryOf(venue: Pick<VenueRow, 'timezone' | 'giftCards'>, now: Date): Date | null {
  const months = venue.giftCards.expiryMonths;
  if (months === null) return null;
  return startOfDay(addDays(addMonths(venueToday(venue.timezone, now), months), 1), venue.timezone);
}

/**
 * Issues a card in the caller's transaction: a new code (answered once, to the caller), the card
 * and its issued entry, and the giftCard.issued event. The amount must be one the settings allow.
 */
export async function issueGiftCard(
  tx: Tx,
  keys: GiftCardKeys,
  venue: GiftCardVenue,
  issue: GiftCardIssue,
  actor: GiftCardActor,
  now = new Date(),
): Promise<{ card: GiftCardRow; code: string }> {
  assertAmountAllowed(venue, issue.amount);
  const today = venueToday(venue.timezone, now);
  const deliverOn = issue.deliverAt && issue.deliverAt > today ? issue.deliverAt : today;
  const code = newGiftCardCode();
  const [card] = await forVenue(tx, venue.id)
    .insert(giftCards, {
      id: randomUUID(),
      codeHash: codeHashOf(keys, code),
      codeLast4: code.slice(-4),
      codeSealed: sealCode(keys, code),
      amount: issue.amount,
      expiresAt: expiryOf(venue, now),
      source: issue.source,
      orderId: issue.orderId ?? null,
      buyerName: issue.buyerName,
      buyerEmail: issue.buyerEmail.toLowerCase(),
      recipientName: issue.recipientName,
      recipientEmail: issue.recipientEmail.toLowerCase(),
      message: issue.message,
      deliverOn,
      deliverAfter: deliverOn === today ? now : startOfDay(deliverOn, venue.timezone),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const issued = await writeEntry(
    tx,
    venue.id,
    card,
    {
      kind: 'issued',
      amount: issue.amount,
      method: issue.method,
      reason: issue.reason ?? null,
      providerPaymentId: issue.providerPaymentId ?? null,
    },
    actor,
    now,
  );
  await recordGiftCardEvent(tx, venue, 'giftCard.issued', issued);
  return { card: issued.card, code };
}

/**
 * The delivery date a sale or a purchase may name (a 400 naming `deliverAt` otherwise): today or a
 * later venue date, within a year. Left out: today.
 */
export function deliveryDateOf(venue: Pick<VenueRow, 'timezone'>, deliverAt: string | undefined, now = new Date()): string {
  const today = venueToday(venue.timezone, now);
  if (!deliverAt) return today;
  if (deliverAt < today) throw fieldError('Choose today or a later day for the delivery', 'deliverAt');
  if (deliverAt > addMonths(today, 12)) throw fieldError('The delivery date must be within a year', 'deliverAt');
  return deliverAt;
}

/** The settings' rule for an amount (decision 045): a preset, or within the custom range; a 400 naming `amount` otherwise. */
export function assertAmountAllowed(venue: Pick<GiftCardVenue, 'giftCards' | 'moneyFormat'>, amount: number) {
  const settings = venue.giftCards;
  if (isGiftCardAmountAllowed(settings, amount)) return;
  const money = (cents: number) => formatMoney(cents, venue.moneyFormat);
  const presets = settings.presetAmounts.length ? `, or one of ${settings.presetAmounts.map(money).join(', ')}` : '';
  throw fieldError(`Choose an amount from ${money(settings.customAmountMin)} to ${money(settings.customAmountMax)}${presets}`, 'amount');
}

/**
 * The desk's sale method: one of the venue's payment methods (its own spelling kept), or
 * complimentary (the caller checks giftCards.issue and the reason).
 */
export function saleMethodOf(venue: Pick<VenueRow, 'paymentMethods'>, paymentMethod: string): string {
  if (paymentMethod.toLowerCase() === COMPLIMENTARY) return GIFT_CARD_ISSUE_METHODS.complimentary;
  const method = venue.paymentMethods.find((m) => m.toLowerCase() === paymentMethod.toLowerCase());
  if (!method)
    throw fieldError(`Choose one of the venue's payment methods (${venue.paymentMethods.join(', ')}) or complimentary`, 'paymentMethod');
  return method;
}

// ---- Spending ----

/** The words a customer reads when a code cannot pay (decision 045): each a 4xx naming the reason. */
export const GIFT_CARD_UNKNOWN = "We don't know this gift card code. Check it and try again.";
const unknownCode = () => new AppError(404, 'gift_card_not_found', GIFT_CARD_UNKNOWN);

/** A card of the venue by its code (normalised), locked when `lock`; null when the venue has none with it. */
export async function giftCardByCode(tx: Db | Tx, keys: GiftCardKeys, venueId: string, code: string, { lock = false } = {}) {
  const where = eq(giftCards.codeHash, codeHashOf(keys, normalizeGiftCardCode(code)));
  const [row] = lock ? await forVenue(tx, venueId).lock(giftCards, where) : await forVenue(tx, venueId).select(giftCards, where);
  return row ?? null;
}

/** Whether a card can pay now: active and not past its expiry (the sweep may not have run yet). Throws the customer's reason. */
function assertSpendable(card: GiftCardRow, venue: Pick<VenueRow, 'timezone' | 'dateFormat'>, now: Date) {
  if (card.status === 'disabled')
    throw new AppError(409, 'gift_card_disabled', 'This gift card can no longer be used. Please contact the venue.');
  if (card.status === 'expired' || (card.expiresAt && card.expiresAt <= now)) {
    const day = card.expiresAt ? formatVenueDate(new Date(card.expiresAt.getTime() - 1), venue.timezone, venue.dateFormat) : null;
    throw new AppError(409, 'gift_card_expired', day ? `This gift card expired on ${day}.` : 'This gift card has expired.');
  }
  if (card.balance <= 0) throw new AppError(409, 'gift_card_empty', 'This gift card has no balance left.');
}

/**
 * A booking's payment by gift card (bookings/money.ts, under the booking's row lock): the card's
 * row lock, then what it can pay of `upTo`; answers the amount taken and the card after. An
 * unknown code is a 404, a disabled, expired or empty card a 409, each in a customer's words.
 */
export async function redeemGiftCard(
  tx: Tx,
  keys: GiftCardKeys,
  venue: GiftCardVenue,
  code: string,
  upTo: number,
  booking: { bookingId: string; bookingPaymentId: string },
  actor: GiftCardActor,
  now = new Date(),
): Promise<{ card: GiftCardRow; amount: number }> {
  const card = await giftCardByCode(tx, keys, venue.id, code, { lock: true });
  if (!card) throw unknownCode();
  assertSpendable(card, venue, now);
  const amount = Math.min(upTo, card.balance);
  const redeemed = await writeEntry(tx, venue.id, card, { kind: 'redeemed', amount: -amount, ...booking }, actor, now);
  await recordGiftCardEvent(tx, venue, 'giftCard.redeemed', redeemed);
  return { card: redeemed.card, amount };
}

/** Locks cards (in id order, as lockRows takes them) before a refund goes back to several: no two refunds wait on each other. */
export async function lockGiftCards(tx: Tx, venueId: string, ids: string[]): Promise<GiftCardRow[]> {
  if (ids.length === 0) return [];
  return forVenue(tx, venueId).lock(giftCards, inArray(giftCards.id, [...new Set(ids)]));
}

/** The card a payment of a booking was made with: its last four (a refund's words). */
export async function giftCardLast4(tx: Db | Tx, venueId: string, id: string): Promise<string> {
  return (await giftCardOrNotFound(tx, venueId, id)).codeLast4;
}

/**
 * Money of a booking given back to the card that paid it (a refund, a cancel with refund), in the
 * booking's transaction under the card's lock. A disabled or expired card takes nothing back: a
 * 409 gift_card_not_active says to refund that part another way.
 */
export async function refundToGiftCard(
  tx: Tx,
  venueId: string,
  giftCardId: string,
  amount: number,
  booking: { bookingId: string; bookingPaymentId: string },
  actor: GiftCardActor,
  now = new Date(),
): Promise<GiftCardRow> {
  const card = await giftCardOrNotFound(tx, venueId, giftCardId, { lock: true });
  if (card.status !== 'active' || (card.expiresAt && card.expiresAt <= now))
    throw conflict(
      `The gift card ••••${card.codeLast4} is ${card.status === 'disabled' ? 'disabled' : 'expired'}: refund this part in cash instead.`,
      'gift_card_not_active',
    );
  const refunded = await writeEntry(tx, venueId, card, { kind: 'refunded', amount, ...booking }, actor, now);
  const venue = await venueRowById(tx, venueId);
  if (venue) await recordGiftCardEvent(tx, venue, 'giftCard.refunded', refunded);
  return refunded.card;
}

// ---- The desk's other changes ----

/** Adds or takes off an amount, with a reason; never below zero (a 400 naming `amount`). */
export async function adjustGiftCard(
  tx: Tx,
  venue: GiftCardVenue,
  id: string,
  change: { amount: number; reason: string },
  actor: GiftCardActor,
): Promise<GiftCardRow> {
  const card = await giftCardOrNotFound(tx, venue.id, id, { lock: true });
  if (card.status !== 'active') throw conflict(`Only an active card can be adjusted: this one is ${card.status}.`, 'gift_card_not_active');
  if (card.balance + change.amount < 0)
    throw fieldError(`At most ${formatMoney(card.balance, venue.moneyFormat)} can be taken off: that is what the card holds`, 'amount');
  return (await writeEntry(tx, venue.id, card, { kind: 'adjusted', amount: change.amount, reason: change.reason }, actor)).card;
}

/** Disables an active card: its code pays nothing from now on, and answers like an unknown one on the balance check. */
export async function disableGiftCard(tx: Tx, venueId: string, id: string, reason: string | null, now = new Date()): Promise<GiftCardRow> {
  const card = await giftCardOrNotFound(tx, venueId, id, { lock: true });
  if (card.status !== 'active') throw conflict(`This card is ${card.status} already.`, 'gift_card_not_active');
  const [changed] = await forVenue(tx, venueId)
    .update(giftCards, eq(giftCards.id, id), { status: 'disabled', disabledAt: now, disabledReason: reason, updatedAt: now })
    .returning();
  return changed;
}

/** Sets the recipient's address (a resend to a corrected one). */
export async function setRecipientEmail(tx: Tx, venueId: string, id: string, email: string): Promise<GiftCardRow> {
  const [changed] = await forVenue(tx, venueId)
    .update(giftCards, eq(giftCards.id, id), { recipientEmail: email.toLowerCase(), updatedAt: new Date() })
    .returning();
  return changed;
}

// ---- Delivery and expiry (the sweeps, across venues) ----

/** The most cards one sweep takes: the rest wait for the next minute. */
const SWEEP_LIMIT = 500;

/** Cards whose recipient's mail is due at `now` and not sent yet. */
export async function giftCardsToDeliver(db: Db, now: Date): Promise<{ venueId: string; id: string }[]> {
  return (
    db
      .select({ venueId: giftCards.venueId, id: giftCards.id })
      // eslint-disable-next-line no-restricted-syntax -- the delivery sweep serves every venue: it reads due cards across venues, then takes each within its own venue
      .from(giftCards)
      .where(
        and(
          isNull(giftCards.deliveredAt),
          ne(giftCards.recipientEmail, ''),
          lte(giftCards.deliverAfter, now),
          eq(giftCards.status, 'active'),
        ),
      )
      .orderBy(asc(giftCards.deliverAfter))
      .limit(SWEEP_LIMIT)
  );
}

/** Takes a card's delivery once: true for the one transaction whose conditional update changed it. */
export async function markDelivered(tx: Tx, venueId: string, id: string, now: Date): Promise<boolean> {
  const changed = await forVenue(tx, venueId)
    .update(giftCards, and(eq(giftCards.id, id), isNull(giftCards.deliveredAt)), { deliveredAt: now })
    .returning({ id: giftCards.id });
  return changed.length > 0;
}

/** Active cards past their expiry at `now`. */
export async function giftCardsToExpire(db: Db, now: Date): Promise<{ venueId: string; id: string }[]> {
  return (
    db
      .select({ venueId: giftCards.venueId, id: giftCards.id })
      // eslint-disable-next-line no-restricted-syntax -- the expiry sweep serves every venue: it reads expired cards across venues, then changes each within its own venue
      .from(giftCards)
      .where(and(eq(giftCards.status, 'active'), lte(giftCards.expiresAt, now)))
      .orderBy(asc(giftCards.expiresAt))
      .limit(SWEEP_LIMIT)
  );
}

/** Expires a card if it still is due to: the balance left goes out with an expired entry, and the status follows. */
export async function expireGiftCard(tx: Tx, venueId: string, id: string, now: Date): Promise<boolean> {
  const [card] = await forVenue(tx, venueId).lock(giftCards, eq(giftCards.id, id));
  if (!card || card.status !== 'active' || !card.expiresAt || card.expiresAt > now) return false;
  if (card.balance > 0) await writeEntry(tx, venueId, card, { kind: 'expired', amount: -card.balance }, { userName: 'Lanebook' }, now);
  await forVenue(tx, venueId).update(giftCards, eq(giftCards.id, id), { status: 'expired', updatedAt: now });
  return true;
}

// ---- The owner's figures ----

/** What happened to the venue's cards in [start, end), and what active cards hold now (decision 045). */
export async function giftCardSummary(
  db: Db,
  venueId: string,
  period: { from: string; to: string },
  timezone: string,
  now = new Date(),
): Promise<GiftCardSummary> {
  const l = giftCardLedger;
  const start = startOfDay(period.from, timezone);
  const end = startOfDay(addDays(period.to, 1), timezone);
  const sum = (where: SQL) => sql<number>`coalesce(sum(${l.amount}) filter (where ${where}), 0)::float8`;
  const complimentary = GIFT_CARD_ISSUE_METHODS.complimentary;
  const figures = await forVenue(db, venueId).aggregate(
    l,
    {
      sold: sum(sql`${l.kind} = 'issued' and ${l.method} is distinct from ${complimentary}`),
      soldCount: sql<number>`count(*) filter (where ${l.kind} = 'issued' and ${l.method} is distinct from ${complimentary})::float8`,
      complimentary: sum(sql`${l.kind} = 'issued' and ${l.method} = ${complimentary}`),
      redeemed: sum(sql`${l.kind} = 'redeemed'`),
      refunded: sum(sql`${l.kind} = 'refunded'`),
      adjusted: sum(sql`${l.kind} = 'adjusted'`),
      expired: sum(sql`${l.kind} = 'expired'`),
    },
    and(gte(l.createdAt, start), lt(l.createdAt, end)),
  );
  const { outstanding } = await forVenue(db, venueId).aggregate(
    giftCards,
    { outstanding: sql<number>`coalesce(sum(${giftCards.balance}), 0)::float8` },
    and(eq(giftCards.status, 'active'), or(isNull(giftCards.expiresAt), sql`${giftCards.expiresAt} > ${now.toISOString()}`)),
  );
  return {
    ...period,
    sold: Number(figures.sold),
    soldCount: Number(figures.soldCount),
    complimentary: Number(figures.complimentary),
    redeemed: -Number(figures.redeemed),
    refunded: Number(figures.refunded),
    adjusted: Number(figures.adjusted),
    expired: -Number(figures.expired),
    outstanding: Number(outstanding),
  };
}

/** The period's entries, oldest first, with their card's last four (the summary's CSV). */
export async function ledgerEntriesBetween(db: Db, venueId: string, period: { from: string; to: string }, timezone: string) {
  const start = startOfDay(period.from, timezone);
  const end = startOfDay(addDays(period.to, 1), timezone);
  const entries = await forVenue(db, venueId).select(
    giftCardLedger,
    and(gte(giftCardLedger.createdAt, start), lt(giftCardLedger.createdAt, end)),
    {
      orderBy: [asc(giftCardLedger.createdAt), asc(giftCardLedger.id)],
    },
  );
  const ids = [...new Set(entries.map((entry) => entry.giftCardId))];
  const cards = ids.length ? await forVenue(db, venueId).select(giftCards, inArray(giftCards.id, ids)) : [];
  const last4 = new Map(cards.map((card) => [card.id, card.codeLast4]));
  return entries.map((entry) => ({ ...entryAnswer(entry), last4: last4.get(entry.giftCardId) ?? '' }));
}

/**
 * Money taken for cards in [start, end) (the cash-up's, decision 045): each paid issue by its
 * method and who took it; complimentary cards took none.
 */
export async function giftCardSalesBetween(db: Db, venueId: string, start: Date, end: Date) {
  const l = giftCardLedger;
  const rows = await forVenue(db, venueId)
    .subselect(
      l,
      {
        method: l.method,
        userId: l.userId,
        userName: l.userName,
        payments: sql<number>`coalesce(sum(${l.amount}), 0)::float8`.as('payments'),
      },
      and(
        eq(l.kind, 'issued'),
        sql`${l.method} is distinct from ${GIFT_CARD_ISSUE_METHODS.complimentary}`,
        gte(l.createdAt, start),
        lt(l.createdAt, end),
      ),
    )
    .groupBy(l.method, l.userId, l.userName);
  return rows.map((row) => ({
    method: row.method ?? '',
    userId: row.userId,
    userName: row.userName,
    payments: Number(row.payments),
    refunds: 0,
  }));
}

// ---- Online orders ----

export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;

export async function createGiftCardOrder(
  db: Db,
  venueId: string,
  order: Omit<GiftCardOrderRow, 'venueId' | 'id' | 'createdAt' | 'updatedAt' | 'checkoutUrl' | 'giftCardId' | 'paidAt'>,
): Promise<{ order: GiftCardOrderRow; created: boolean }> {
  const [made] = await forVenue(db, venueId)
    .insert(giftCardOrders, { id: randomUUID(), ...order })
    .onConflictDoNothing()
    .returning();
  if (made) return { order: made, created: true };
  // The same Idempotency-Key again: the order it made.
  const [found] = await forVenue(db, venueId).select(giftCardOrders, eq(giftCardOrders.idempotencyKey, order.idempotencyKey ?? ''));
  return { order: found, created: false };
}

export async function setOrderCheckout(db: Db, venueId: string, orderId: string, url: string) {
  await forVenue(db, venueId).update(giftCardOrders, eq(giftCardOrders.id, orderId), { checkoutUrl: url, updatedAt: new Date() });
}

export async function giftCardOrderById(db: Db | Tx, venueId: string, orderId: string): Promise<GiftCardOrderRow | null> {
  const [row] = await forVenue(db, venueId).select(giftCardOrders, eq(giftCardOrders.id, orderId));
  return row ?? null;
}

/**
 * The provider confirmed an order's payment (its webhook, decision 021): the card is issued once,
 * under the order's row lock, however often and however concurrently the confirmation comes; a
 * payment of another amount than the order's issues nothing. Null when nothing changed.
 */
export async function issuePaidOrder(
  tx: Tx,
  keys: GiftCardKeys,
  venue: GiftCardVenue,
  orderId: string,
  payment: { provider: string; paymentId: string; amount: number },
  now = new Date(),
): Promise<{ card: GiftCardRow } | null> {
  const [order] = await forVenue(tx, venue.id).lock(giftCardOrders, eq(giftCardOrders.id, orderId));
  if (!order || order.giftCardId || payment.amount !== order.amount) return null;
  // The settings may have changed since the checkout: the buyer paid for this amount, so it stands.
  const issued = await issueGiftCard(
    tx,
    keys,
    { ...venue, giftCards: { ...venue.giftCards, presetAmounts: [...venue.giftCards.presetAmounts, order.amount] } },
    {
      amount: order.amount,
      method: GIFT_CARD_ISSUE_METHODS.cardOnline,
      source: 'online',
      orderId: order.id,
      providerPaymentId: payment.paymentId,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      message: order.message,
      deliverAt: order.deliverOn,
    },
    { userName: 'Payment provider' },
    now,
  );
  await forVenue(tx, venue.id).update(giftCardOrders, eq(giftCardOrders.id, orderId), {
    giftCardId: issued.card.id,
    paidAt: now,
    updatedAt: now,
  });
  return { card: issued.card };
}

/**
 * Takes a person (their emails) out of the gift cards they bought or received and of the orders
 * (issue 38's erase): names, emails and messages; the cards, their codes and balances stay.
 */
export async function eraseGiftCardPeople(tx: Tx, venueId: string, emails: string[]) {
  if (emails.length === 0) return;
  const scoped = forVenue(tx, venueId);
  const theirs = (column: AnyColumn) => inArray(sql`lower(${column})`, emails);
  await scoped.update(giftCards, theirs(giftCards.buyerEmail), { buyerName: ERASED_GUEST_NAME, buyerEmail: '' });
  await scoped.update(giftCards, theirs(giftCards.recipientEmail), { recipientName: ERASED_GUEST_NAME, recipientEmail: '', message: '' });
  await scoped.update(giftCardOrders, theirs(giftCardOrders.buyerEmail), { buyerName: ERASED_GUEST_NAME, buyerEmail: '' });
  await scoped.update(giftCardOrders, theirs(giftCardOrders.recipientEmail), {
    recipientName: ERASED_GUEST_NAME,
    recipientEmail: '',
    message: '',
  });
}
