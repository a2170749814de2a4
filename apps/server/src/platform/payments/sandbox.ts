import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db, Tx } from '../../db/client.js';
import { withTransaction } from '../locking.js';
import {
  PaymentProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type AccountState,
  type BankAccount,
  type Balance,
  type Currency,
  type PaymentProvider,
  type Payout,
  type WebhookEvent,
} from './provider.js';
import {
  sandboxAccountLinks,
  sandboxAccounts,
  sandboxBankAccounts,
  sandboxCheckouts,
  sandboxEvents,
  sandboxPayments,
  sandboxTransactions,
} from './sandbox-schema.js';

/**
 * The sandbox: a working card-payment provider inside Lanebook for the embedded mode and tests
 * (decision 021). It keeps its own books (sandbox-schema.ts), serves its own hosted pages
 * (sandbox-pages.ts: checkout under /sandbox-pay, verification under /sandbox-verify), and sends
 * its events to Lanebook's webhook signed exactly as Stripe signs them, so the same handler takes
 * both. It takes only Stripe's test card numbers; no other card number is accepted or stored.
 */

/** Stripe's own test numbers, and what each does. */
export const TEST_CARDS: Record<string, { outcome: 'succeeds' | 'declined' | 'authenticate'; message?: string }> = {
  '4242424242424242': { outcome: 'succeeds' },
  '4000000000000002': { outcome: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', message: 'Your card has insufficient funds.' },
  '4000002500003155': { outcome: 'authenticate' },
};

const CHECKOUT_LIFETIME_MS = 24 * 3600_000;
const LINK_LIFETIME_MS = 3600_000;
const PAYOUT_DAYS = 2;

const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('base64url')}`;
const iso = (date: Date) => date.toISOString();

export interface SandboxCheckoutView {
  id: string;
  amount: number;
  currency: Currency;
  description: string;
  accountName: string;
  status: 'open' | 'complete' | 'expired';
  successUrl: string;
  cancelUrl: string;
  /** The Lanebook venue the checkout is for (its metadata), which decides who may frame the page. */
  venueId: string | null;
}

/** `authenticate`: the card asks for the extra confirmation step, which must send `token` back. */
export type PayOutcome =
  { kind: 'paid'; redirect: string } | { kind: 'declined'; message: string } | { kind: 'authenticate'; token: string };

/** A checkout expired, or closed because another payment of the booking was started (decision 021). */
const CHECKOUT_CLOSED =
  'This payment page is closed: it expired, or another payment of this booking was started. Go back and start the payment again.';
const paidOrClosed = (redirect: string | null): PayOutcome =>
  redirect ? { kind: 'paid', redirect } : { kind: 'declined', message: CHECKOUT_CLOSED };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Where the sandbox's events are posted (the app's own webhook route); set once the app is built. */
  setDelivery(deliver: (payload: string, signature: string) => Promise<void>): void;
  checkout(checkoutId: string): Promise<SandboxCheckoutView | null>;
  /** The hosted page's Pay: a test card number, or the extra confirmation step's answer with the token the card's Pay gave. */
  pay(checkoutId: string, card: { number: string } | { authenticated: boolean; last4: string; token: string }): Promise<PayOutcome>;
  verificationLink(linkId: string): Promise<{ accountName: string; returnUrl: string; refreshUrl: string; usable: boolean } | null>;
  /** The verification page's Verify: the account can take card payments; answers where to go back. */
  verify(linkId: string): Promise<string | null>;
  /** Sends the events not delivered yet (a failed delivery waits for this sweep). */
  deliverPending(olderThanMs?: number): Promise<number>;
}

export function createSandboxProvider(options: { db: Db; baseUrl: string; webhookSecret: string }): SandboxProvider {
  const { db, baseUrl, webhookSecret } = options;
  let deliver: ((payload: string, signature: string) => Promise<void>) | null = null;

  async function accountRow(tx: Db | Tx, id: string) {
    const [row] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
    if (!row) throw new PaymentProviderError(`No such account: '${id}'`, 404, 'resource_missing', 'account');
    return row;
  }

  const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  /**
   * The confirmation step completes only a payment whose card went through the Pay form: its Pay
   * answers this token (the checkout and the card's last four digits, signed), and the step must
   * send it back, so posting "complete" to the step's address alone pays nothing.
   */
  const confirmationToken = (checkoutId: string, last4: string) =>
    createHmac('sha256', webhookSecret).update(`sandbox-confirmation:${checkoutId}:${last4}`).digest('base64url');
  const isConfirmationToken = (checkoutId: string, last4: string, token: string) => {
    const expected = Buffer.from(confirmationToken(checkoutId, last4));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function sendEvent(event: typeof sandboxEvents.$inferSelect): Promise<boolean> {
    if (!deliver) return false;
    const payload = JSON.stringify(event.payload);
    try {
      await deliver(payload, signed(payload));
    } catch {
      return false;
    }
    await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, event.id));
    return true;
  }

  /** Records an event in the caller's transaction; it is sent once that commits. */
  async function recordEvent(tx: Tx, accountId: string, type: string, object: Record<string, unknown>) {
    const id = newId('evt');
    const payload = { id, object: 'event', type, account: accountId, created: Math.floor(Date.now() / 1000), data: { object } };
    const [row] = await tx.insert(sandboxEvents).values({ id, accountId, type, payload }).returning();
    return row;
  }

  async function bankAccounts(tx: Db | Tx, accountId: string) {
    return tx
      .select()
      .from(sandboxBankAccounts)
      .where(eq(sandboxBankAccounts.accountId, accountId))
      .orderBy(asc(sandboxBankAccounts.createdAt), asc(sandboxBankAccounts.id));
  }

  const toBankAccount = (row: typeof sandboxBankAccounts.$inferSelect): BankAccount => ({
    id: row.id,
    accountHolderName: row.accountHolderName,
    country: row.country as BankAccount['country'],
    currency: row.currency as Currency,
    last4: row.last4,
    routingNumber: row.routingNumber,
    bankName: 'Sandbox Bank',
    isDefaultForCurrency: row.isDefault,
  });

  async function balanceOf(tx: Db | Tx, accountId: string): Promise<Balance> {
    const account = await accountRow(tx, accountId);
    const sums = await tx
      .select({ currency: sandboxTransactions.currency, amount: sql<number>`coalesce(sum(${sandboxTransactions.amount}), 0)::int` })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.accountId, accountId))
      .groupBy(sandboxTransactions.currency);
    const currency: Currency = account.country === 'CA' ? 'cad' : 'usd';
    const available = sums.length
      ? sums.map((s) => ({ amount: Number(s.amount), currency: s.currency as Currency }))
      : [{ amount: 0, currency }];
    return { available, pending: available.map((m) => ({ amount: 0, currency: m.currency })) };
  }

  const toPayout = (row: typeof sandboxTransactions.$inferSelect, now = new Date()): Payout => ({
    id: row.id,
    amount: -row.amount,
    currency: row.currency as Currency,
    status: row.arrivesAt && row.arrivesAt <= now ? 'paid' : 'in_transit',
    arrivalDate: iso(row.arrivesAt ?? row.createdAt),
    createdAt: iso(row.createdAt),
  });

  /** The first row with this idempotency key, or the one `create` inserts. */
  async function once<T>(find: () => Promise<T | undefined>, create: () => Promise<T>): Promise<T> {
    return (await find()) ?? create();
  }

  async function checkoutView(checkoutId: string): Promise<SandboxCheckoutView | null> {
    const [row] = await db
      .select({ checkout: sandboxCheckouts, accountName: sandboxAccounts.name })
      .from(sandboxCheckouts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxCheckouts.accountId))
      .where(eq(sandboxCheckouts.id, checkoutId));
    if (!row) return null;
    const { checkout } = row;
    const status = checkout.status === 'open' && checkout.expiresAt < new Date() ? 'expired' : checkout.status;
    return {
      id: checkout.id,
      amount: checkout.amount,
      currency: checkout.currency as Currency,
      description: checkout.description,
      accountName: row.accountName,
      status,
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
      venueId: checkout.metadata.venueId || null,
    };
  }

  /** Takes the payment; null when the checkout was closed meanwhile (closeCheckout): it takes none. */
  async function completePayment(checkoutId: string, last4: string): Promise<string | null> {
    const { event, redirect } = await withTransaction(db, async (tx) => {
      const [checkout] = await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId)).for('update');
      if (!checkout) throw new PaymentProviderError('This payment page does not exist.', 404, 'resource_missing');
      if (checkout.status !== 'open') return { event: null, redirect: checkout.status === 'complete' ? checkout.successUrl : null };
      const paymentId = newId('pi');
      await tx.insert(sandboxPayments).values({
        id: paymentId,
        accountId: checkout.accountId,
        checkoutId,
        amount: checkout.amount,
        currency: checkout.currency,
        metadata: checkout.metadata,
        cardLast4: last4,
      });
      await tx.insert(sandboxTransactions).values({
        id: newId('txn'),
        accountId: checkout.accountId,
        type: 'payment',
        amount: checkout.amount,
        currency: checkout.currency,
        paymentId,
      });
      await tx.update(sandboxCheckouts).set({ status: 'complete', paymentId }).where(eq(sandboxCheckouts.id, checkoutId));
      const recorded = await recordEvent(tx, checkout.accountId, 'checkout.session.completed', {
        id: checkout.id,
        object: 'checkout.session',
        amount_total: checkout.amount,
        currency: checkout.currency,
        payment_intent: paymentId,
        payment_status: 'paid',
        status: 'complete',
        metadata: checkout.metadata,
      });
      return { event: recorded, redirect: checkout.successUrl };
    });
    if (event) await sendEvent(event);
    return redirect;
  }

  return {
    name: 'sandbox',
    testMode: true,
    // Its page is ours, sent with the widget's frame-ancestors (decision 024).
    isCheckoutEmbeddable: true,
    dashboardUrl: () => null,

    setDelivery(fn) {
      deliver = fn;
    },

    async createAccount(input, idempotencyKey) {
      const found = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.idempotencyKey, idempotencyKey));
      if (found[0]) return found[0].id;
      const id = newId('acct');
      await db
        .insert(sandboxAccounts)
        .values({ id, venueId: input.venueId, name: input.venueName, country: input.country, email: input.email, idempotencyKey })
        .onConflictDoNothing();
      const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.idempotencyKey, idempotencyKey));
      return row.id;
    },

    async onboardingLink(account, urls) {
      await accountRow(db, account);
      const id = randomBytes(24).toString('base64url');
      await db.insert(sandboxAccountLinks).values({
        id,
        accountId: account,
        returnUrl: urls.returnUrl,
        refreshUrl: urls.refreshUrl,
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      });
      return `${baseUrl}/sandbox-verify/${id}`;
    },

    async accountState(account): Promise<AccountState> {
      const row = await accountRow(db, account);
      const banks = await bankAccounts(db, account);
      return {
        detailsSubmitted: row.detailsSubmitted,
        chargesEnabled: row.chargesEnabled,
        payoutsEnabled: row.detailsSubmitted && banks.length > 0,
      };
    },

    async createCheckout(request) {
      const account = await accountRow(db, request.account);
      if (!account.chargesEnabled)
        throw new PaymentProviderError('This account cannot take card payments until it is verified.', 400, 'account_invalid');
      const find = async () => {
        const [row] = await db
          .select()
          .from(sandboxCheckouts)
          .where(and(eq(sandboxCheckouts.accountId, request.account), eq(sandboxCheckouts.idempotencyKey, request.idempotencyKey)));
        return row;
      };
      const row = await once(find, async () => {
        const id = newId('cs');
        await db
          .insert(sandboxCheckouts)
          .values({
            id,
            accountId: request.account,
            amount: request.amount,
            currency: request.currency,
            description: request.description,
            successUrl: request.successUrl,
            cancelUrl: request.cancelUrl,
            metadata: { ...request.metadata },
            idempotencyKey: request.idempotencyKey,
            expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
          })
          .onConflictDoNothing();
        return (await find())!;
      });
      return { id: row.id, url: `${baseUrl}/sandbox-pay/${row.id}` };
    },

    async closeCheckout(account, checkoutId) {
      // A conditional update, as the payment's own (completePayment): one of the two wins.
      await db
        .update(sandboxCheckouts)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.accountId, account), eq(sandboxCheckouts.status, 'open')));
      const [row] = await db
        .select()
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.accountId, account)));
      return row?.status === 'complete' ? { paid: true, paymentId: row.paymentId } : { paid: false };
    },

    async getPayment(account, paymentId) {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.accountId, account)));
      if (!row) throw new PaymentProviderError(`No such payment_intent: '${paymentId}'`, 404, 'resource_missing', 'id');
      return {
        id: row.id,
        succeeded: true,
        amount: row.amount,
        amountRefunded: row.amountRefunded,
        currency: row.currency as Currency,
        metadata: row.metadata,
      };
    },

    async refund(request) {
      const { refund, event } = await withTransaction(db, async (tx) => {
        const [payment] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, request.paymentId), eq(sandboxPayments.accountId, request.account)))
          .for('update');
        if (!payment)
          throw new PaymentProviderError(`No such payment_intent: '${request.paymentId}'`, 404, 'resource_missing', 'payment_intent');
        const [earlier] = await tx
          .select()
          .from(sandboxTransactions)
          .where(and(eq(sandboxTransactions.accountId, request.account), eq(sandboxTransactions.idempotencyKey, request.idempotencyKey)));
        if (earlier) return { refund: { id: earlier.id, amount: -earlier.amount }, event: null };
        const left = payment.amount - payment.amountRefunded;
        if (request.amount > left)
          throw new PaymentProviderError(
            `Refund amount ($${(request.amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            400,
            'amount_too_large',
            'amount',
          );
        const id = newId('re');
        await tx.insert(sandboxTransactions).values({
          id,
          accountId: request.account,
          type: 'refund',
          amount: -request.amount,
          currency: payment.currency,
          paymentId: payment.id,
          idempotencyKey: request.idempotencyKey,
        });
        const amountRefunded = payment.amountRefunded + request.amount;
        await tx.update(sandboxPayments).set({ amountRefunded }).where(eq(sandboxPayments.id, payment.id));
        const recorded = await recordEvent(tx, request.account, 'charge.refunded', {
          id: `ch_${payment.id.slice(3)}`,
          object: 'charge',
          amount: payment.amount,
          amount_refunded: amountRefunded,
          refunded: amountRefunded === payment.amount,
          currency: payment.currency,
          payment_intent: payment.id,
          metadata: payment.metadata,
        });
        return { refund: { id, amount: request.amount }, event: recorded };
      });
      if (event) await sendEvent(event);
      return refund;
    },

    balance: (account) => balanceOf(db, account),

    async payouts(account, page) {
      await accountRow(db, account);
      const mine = and(eq(sandboxTransactions.accountId, account), eq(sandboxTransactions.type, 'payout'));
      let where = mine;
      if (page.startingAfter) {
        const [after] = await db
          .select()
          .from(sandboxTransactions)
          .where(and(mine, eq(sandboxTransactions.id, page.startingAfter)));
        if (!after) throw new PaymentProviderError(`No such payout: '${page.startingAfter}'`, 404, 'resource_missing', 'starting_after');
        where = and(
          mine,
          sql`(${sandboxTransactions.createdAt}, ${sandboxTransactions.id}) < (${iso(after.createdAt)}::timestamptz, ${after.id})`,
        );
      }
      const rows = await db
        .select()
        .from(sandboxTransactions)
        .where(where)
        .orderBy(desc(sandboxTransactions.createdAt), desc(sandboxTransactions.id))
        .limit(page.limit + 1);
      return { list: rows.slice(0, page.limit).map((row) => toPayout(row)), hasMore: rows.length > page.limit };
    },

    async createPayout(account, money, idempotencyKey) {
      return withTransaction(db, async (tx) => {
        // One payout at a time per account, so two cannot both spend the same balance.
        await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account)).for('update');
        const [earlier] = await tx
          .select()
          .from(sandboxTransactions)
          .where(and(eq(sandboxTransactions.accountId, account), eq(sandboxTransactions.idempotencyKey, idempotencyKey)));
        if (earlier) return toPayout(earlier);
        const banks = await bankAccounts(tx, account);
        if (!banks.some((b) => b.currency === money.currency && b.isDefault))
          throw new PaymentProviderError('Add a bank account for payouts in this currency first.', 400, 'no_external_account');
        const available = (await balanceOf(tx, account)).available.find((m) => m.currency === money.currency)?.amount ?? 0;
        if (money.amount > available)
          throw new PaymentProviderError(
            `You have insufficient funds in your account: the available balance is ${(available / 100).toFixed(2)} ${money.currency.toUpperCase()}.`,
            402,
            'balance_insufficient',
            'amount',
          );
        const now = new Date();
        const [row] = await tx
          .insert(sandboxTransactions)
          .values({
            id: newId('po'),
            accountId: account,
            type: 'payout',
            amount: -money.amount,
            currency: money.currency,
            arrivesAt: new Date(now.getTime() + PAYOUT_DAYS * 86400_000),
            idempotencyKey,
            createdAt: now,
          })
          .returning();
        return toPayout(row, now);
      });
    },

    async deposit(account, money, idempotencyKey) {
      await accountRow(db, account);
      await db
        .insert(sandboxTransactions)
        .values({ id: newId('tu'), accountId: account, type: 'topup', amount: money.amount, currency: money.currency, idempotencyKey })
        .onConflictDoNothing();
      return balanceOf(db, account);
    },

    async listBankAccounts(account) {
      await accountRow(db, account);
      return (await bankAccounts(db, account)).map(toBankAccount);
    },

    async addBankAccount(account, input, idempotencyKey) {
      return withTransaction(db, async (tx) => {
        await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account)).for('update');
        const existing = await bankAccounts(tx, account);
        const earlier = existing.find((b) => b.idempotencyKey === idempotencyKey);
        if (earlier) return toBankAccount(earlier);
        const last4 = input.accountNumber.slice(-4);
        if (existing.some((b) => b.last4 === last4 && b.routingNumber === input.routingNumber && b.currency === input.currency))
          throw new PaymentProviderError(
            'A bank account with that routing number and account number already exists for this currency.',
            400,
            'bank_account_exists',
          );
        // The first account of a currency is its default, as at Stripe.
        const isDefault = input.isDefaultForCurrency || !existing.some((b) => b.currency === input.currency);
        if (isDefault)
          await tx
            .update(sandboxBankAccounts)
            .set({ isDefault: false })
            .where(and(eq(sandboxBankAccounts.accountId, account), eq(sandboxBankAccounts.currency, input.currency)));
        const [row] = await tx
          .insert(sandboxBankAccounts)
          .values({
            id: newId('ba'),
            accountId: account,
            accountHolderName: input.accountHolderName,
            country: input.country,
            currency: input.currency,
            last4,
            routingNumber: input.routingNumber,
            isDefault,
            idempotencyKey,
          })
          .returning();
        return toBankAccount(row);
      });
    },

    async deleteBankAccount(account, bankAccountId) {
      await withTransaction(db, async (tx) => {
        await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account)).for('update');
        const existing = await bankAccounts(tx, account);
        const target = existing.find((b) => b.id === bankAccountId);
        if (!target) throw new PaymentProviderError(`No such external account: '${bankAccountId}'`, 404, 'resource_missing', 'id');
        if (target.isDefault && existing.some((b) => b.id !== target.id && b.currency === target.currency))
          throw new PaymentProviderError(
            'You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.',
            400,
            'bank_account_default',
          );
        await tx.delete(sandboxBankAccounts).where(eq(sandboxBankAccounts.id, bankAccountId));
      });
    },

    async makeDefaultBankAccount(account, bankAccountId) {
      return withTransaction(db, async (tx) => {
        await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account)).for('update');
        const target = (await bankAccounts(tx, account)).find((b) => b.id === bankAccountId);
        if (!target) throw new PaymentProviderError(`No such external account: '${bankAccountId}'`, 404, 'resource_missing', 'id');
        await tx
          .update(sandboxBankAccounts)
          .set({ isDefault: false })
          .where(and(eq(sandboxBankAccounts.accountId, account), eq(sandboxBankAccounts.currency, target.currency)));
        const [row] = await tx
          .update(sandboxBankAccounts)
          .set({ isDefault: true })
          .where(eq(sandboxBankAccounts.id, bankAccountId))
          .returning();
        return toBankAccount(row);
      });
    },

    parseWebhook(rawBody, signature): WebhookEvent {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: string | null };
      const paymentId = object.object === 'payment_intent' ? (object.id ?? null) : (object.payment_intent ?? null);
      return {
        id: event.id,
        type: event.type,
        account: event.account ?? null,
        paymentId,
        isAccountUpdate: event.type === 'account.updated' || event.type.startsWith('account.external_account.'),
      };
    },

    checkout: checkoutView,

    async pay(checkoutId, card): Promise<PayOutcome> {
      const view = await checkoutView(checkoutId);
      if (!view) throw new PaymentProviderError('This payment page does not exist.', 404, 'resource_missing');
      if (view.status === 'complete') return { kind: 'paid', redirect: view.successUrl };
      if (view.status === 'expired') return { kind: 'declined', message: CHECKOUT_CLOSED };
      if ('authenticated' in card) {
        if (!isConfirmationToken(checkoutId, card.last4, card.token))
          return { kind: 'declined', message: 'Enter the card on the payment page first.' };
        if (!card.authenticated)
          return {
            kind: 'declined',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          };
        return paidOrClosed(await completePayment(checkoutId, card.last4));
      }
      const number = card.number.replace(/[\s-]/g, '');
      const test = TEST_CARDS[number];
      if (!test) return { kind: 'declined', message: 'The sandbox takes only test cards: use 4242 4242 4242 4242.' };
      if (test.outcome === 'declined') return { kind: 'declined', message: test.message! };
      if (test.outcome === 'authenticate') return { kind: 'authenticate', token: confirmationToken(checkoutId, number.slice(-4)) };
      return paidOrClosed(await completePayment(checkoutId, number.slice(-4)));
    },

    async verificationLink(linkId) {
      const [row] = await db
        .select({ link: sandboxAccountLinks, accountName: sandboxAccounts.name })
        .from(sandboxAccountLinks)
        .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxAccountLinks.accountId))
        .where(eq(sandboxAccountLinks.id, linkId));
      if (!row) return null;
      return {
        accountName: row.accountName,
        returnUrl: row.link.returnUrl,
        refreshUrl: row.link.refreshUrl,
        usable: !row.link.usedAt && row.link.expiresAt > new Date(),
      };
    },

    async verify(linkId) {
      const result = await withTransaction(db, async (tx) => {
        const [link] = await tx
          .update(sandboxAccountLinks)
          .set({ usedAt: new Date() })
          .where(and(eq(sandboxAccountLinks.id, linkId), isNull(sandboxAccountLinks.usedAt), sql`${sandboxAccountLinks.expiresAt} > now()`))
          .returning();
        if (!link) return null;
        const [account] = await tx
          .update(sandboxAccounts)
          .set({ detailsSubmitted: true, chargesEnabled: true })
          .where(eq(sandboxAccounts.id, link.accountId))
          .returning();
        const event = await recordEvent(tx, account.id, 'account.updated', {
          id: account.id,
          object: 'account',
          details_submitted: true,
          charges_enabled: true,
        });
        return { event, returnUrl: link.returnUrl };
      });
      if (!result) return null;
      await sendEvent(result.event);
      return result.returnUrl;
    },

    async deliverPending(olderThanMs = 30_000) {
      const due = await db
        .select()
        .from(sandboxEvents)
        .where(and(isNull(sandboxEvents.deliveredAt), lt(sandboxEvents.createdAt, new Date(Date.now() - olderThanMs))))
        .orderBy(asc(sandboxEvents.createdAt))
        .limit(100);
      let sent = 0;
      for (const event of due) if (await sendEvent(event)) sent++;
      return sent;
    },
  };
}
