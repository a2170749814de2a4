import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { PaymentProviderError, WebhookSignatureError, type BankCountry, type NewBankAccount, type PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';

// The real stripe SDK against the fake Stripe API (test/fake-stripe.ts).
let stripe: FakeStripe;
let provider: PaymentProvider;
beforeAll(async () => {
  stripe = await startFakeStripe();
  provider = createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
});
afterAll(() => stripe.close());

const newAccount = (country: BankCountry = 'US') =>
  provider.createAccount({ venueId: randomUUID(), venueName: 'Axe Club', country, email: 'owner@example.test' }, randomUUID());

const usBank = (overrides: Partial<NewBankAccount> = {}): NewBankAccount => ({
  accountHolderName: 'Axe Club LLC',
  country: 'US',
  currency: 'usd',
  accountNumber: '000123456789',
  routingNumber: '110000000',
  isDefaultForCurrency: false,
  ...overrides,
});

/** A verified account with a bank account: one that can take payments and be paid out. */
async function payableAccount() {
  const account = await newAccount();
  stripe.verifyAccount(account);
  await provider.addBankAccount(account, usBank(), randomUUID());
  return account;
}

const metadata = { venueId: 'venue-1', bookingId: 'booking-1' };
const refund = (account: string, paymentId: string, amount: number) =>
  provider.refund({ account, paymentId, amount, metadata, idempotencyKey: randomUUID() });

const checkoutRequest = (account: string, amount = 5000) => ({
  account,
  amount,
  currency: 'usd' as const,
  description: 'Axe throwing, 12/24/26, DEMO-1042',
  successUrl: 'https://console.example.test/paid',
  cancelUrl: 'https://console.example.test/canceled',
  metadata,
  idempotencyKey: randomUUID(),
});

/** The customer pays a new checkout of `amount`: answers the payment intent's id. */
async function paid(account: string, amount = 5000) {
  const checkout = await provider.createCheckout(checkoutRequest(account, amount));
  return stripe.completeCheckout(checkout.id).data.object.payment_intent as string;
}

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error: unknown = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('accounts', () => {
  it('creates an Express account with card payments and transfers requested, and an onboarding link on connect.stripe.com', async () => {
    const venueId = randomUUID();
    const idempotencyKey = randomUUID();
    const account = await provider.createAccount(
      { venueId, venueName: 'Axe Club', country: 'US', email: 'owner@example.test' },
      idempotencyKey,
    );
    expect(account).toMatch(/^acct_/);
    const created = stripe.requests.findLast((request) => request.path === '/v1/accounts')!;
    expect(created.idempotencyKey).toBe(idempotencyKey);
    expect(created.body).toMatchObject({
      type: 'express',
      country: 'US',
      metadata: { venueId },
      business_profile: { name: 'Axe Club' },
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    const link = await provider.onboardingLink(account, {
      returnUrl: 'https://console.example.test/r',
      refreshUrl: 'https://console.example.test/f',
    });
    expect(link).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${account}/`));
  });

  it('reports the state before and after onboarding; payouts are enabled once a bank account is added', async () => {
    const account = await newAccount();
    expect(await provider.accountState(account)).toEqual({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
    stripe.verifyAccount(account);
    expect(await provider.accountState(account)).toEqual({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false });
    await provider.addBankAccount(account, usBank(), randomUUID());
    expect(await provider.accountState(account)).toEqual({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  });

  it("links to Stripe's test dashboard with a test key and to the live one with a live key", () => {
    expect(provider.testMode).toBe(true);
    expect(provider.dashboardUrl('acct_1')).toBe('https://dashboard.stripe.com/test/connect/accounts/acct_1');
    const live = createStripeProvider({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
    expect(live.testMode).toBe(false);
    expect(live.dashboardUrl('acct_1')).toBe('https://dashboard.stripe.com/connect/accounts/acct_1');
  });
});

describe('checkout and payments', () => {
  it("answers the hosted page; the same idempotency key answers the same session, sent with the key on the venue's account", async () => {
    const account = await newAccount();
    const request = checkoutRequest(account);
    const first = await provider.createCheckout(request);
    expect(first.url).toBe(`https://checkout.stripe.com/c/pay/${first.id}`);
    expect(await provider.createCheckout(request)).toEqual(first);
    const sent = stripe.requests.filter((logged) => logged.path === '/v1/checkout/sessions' && logged.stripeAccount === account);
    expect(sent).toHaveLength(2);
    for (const logged of sent) expect(logged.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent[0].body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '5000', product_data: { name: request.description } } }],
      payment_intent_data: { metadata: request.metadata },
    });
  });

  it("refuses the same idempotency key with another amount (Stripe's idempotency_error, 400)", async () => {
    const request = checkoutRequest(await newAccount());
    await provider.createCheckout(request);
    const error = await refusal(provider.createCheckout({ ...request, amount: 6000 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/same parameters/);
  });

  it("reads a paid checkout's payment: succeeded, its amount, nothing refunded, the booking's metadata", async () => {
    const account = await newAccount();
    const paymentId = await paid(account, 4200);
    expect(await provider.getPayment(account, paymentId)).toEqual({
      id: paymentId,
      succeeded: true,
      amount: 4200,
      amountRefunded: 0,
      currency: 'usd',
      metadata: { venueId: 'venue-1', bookingId: 'booking-1' },
    });
  });

  it("answers another account's payment as unknown there: Stripe's 404", async () => {
    const paymentId = await paid(await newAccount());
    const error = await refusal(provider.getPayment(await newAccount(), paymentId));
    expect(error).toMatchObject({ status: 404, providerCode: 'resource_missing', message: `No such payment_intent: '${paymentId}'` });
  });

  it('refunds part, then the rest; the payment shows the cumulative refund and Stripe sends charge.refunded', async () => {
    const account = await newAccount();
    const paymentId = await paid(account, 5000);
    const first = await refund(account, paymentId, 1500);
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amount: 1500 });
    expect((await provider.getPayment(account, paymentId)).amountRefunded).toBe(1500);
    await refund(account, paymentId, 3500);
    expect((await provider.getPayment(account, paymentId)).amountRefunded).toBe(5000);
    const event = stripe.events.findLast((candidate) => candidate.type === 'charge.refunded')!;
    expect(event.data.object).toMatchObject({ payment_intent: paymentId, amount_refunded: 5000, refunded: true });
  });

  it("refuses a refund larger than what is left with Stripe's message and status 400", async () => {
    const account = await newAccount();
    const paymentId = await paid(account, 5000);
    await refund(account, paymentId, 2000);
    const error = await refusal(refund(account, paymentId, 3001));
    expect(error).toMatchObject({
      status: 400,
      providerCode: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)',
    });
  });
});

describe('balance, deposits and payouts', () => {
  it('answers the balance: payments minus refunds, plus deposits', async () => {
    const account = await newAccount();
    const paymentId = await paid(account, 5000);
    await refund(account, paymentId, 1000);
    expect(await provider.balance(account)).toEqual({
      available: [{ amount: 4000, currency: 'usd' }],
      pending: [{ amount: 0, currency: 'usd' }],
    });
    const afterDeposit = await provider.deposit(account, { amount: 2500, currency: 'usd' }, randomUUID());
    expect(afterDeposit.available).toEqual([{ amount: 6500, currency: 'usd' }]);
    const topup = stripe.requests.findLast((request) => request.path === '/v1/topups')!;
    expect(topup).toMatchObject({ stripeAccount: account, body: { amount: '2500', currency: 'usd', description: 'Lanebook deposit' } });
  });

  it('pages 25 payouts newest first through startingAfter: 10, 10, then 5 with hasMore false', async () => {
    const account = await payableAccount();
    await provider.deposit(account, { amount: 100_000, currency: 'usd' }, randomUUID());
    const made = [];
    for (let index = 0; index < 25; index++)
      made.push(await provider.createPayout(account, { amount: 100 + index, currency: 'usd' }, randomUUID()));
    expect(made[0]).toMatchObject({ id: expect.stringMatching(/^po_/), amount: 100, currency: 'usd', status: 'pending' });
    expect(Date.parse(made[0].arrivalDate)).toBeGreaterThan(Date.parse(made[0].createdAt));

    const first = await provider.payouts(account, { limit: 10 });
    const second = await provider.payouts(account, { limit: 10, startingAfter: first.list.at(-1)!.id });
    const third = await provider.payouts(account, { limit: 10, startingAfter: second.list.at(-1)!.id });
    expect([first, second, third].map((page) => `${page.list.length} ${page.hasMore}`)).toEqual(['10 true', '10 true', '5 false']);
    const listed = [...first.list, ...second.list, ...third.list];
    expect(listed.map((payout) => payout.id)).toEqual(made.map((payout) => payout.id).reverse());
    expect((await provider.balance(account)).available).toEqual([{ amount: 100_000 - 25 * 100 - 300, currency: 'usd' }]);
  });

  it('refuses a payout larger than the available balance (402 balance_insufficient)', async () => {
    const account = await payableAccount();
    await paid(account, 5000);
    const error = await refusal(provider.createPayout(account, { amount: 5001, currency: 'usd' }, randomUUID()));
    expect(error).toMatchObject({ status: 402, providerCode: 'balance_insufficient' });
  });
});

describe('bank accounts', () => {
  it('answers a new bank account with its last 4 digits: the full number is only in the request sent to Stripe', async () => {
    const account = await newAccount();
    const added = await provider.addBankAccount(account, usBank({ accountNumber: '000987654321' }), randomUUID());
    expect(added).toEqual({
      id: expect.stringMatching(/^ba_/),
      accountHolderName: 'Axe Club LLC',
      country: 'US',
      currency: 'usd',
      last4: '4321',
      routingNumber: '110000000',
      bankName: 'STRIPE TEST BANK',
      isDefaultForCurrency: true,
    });
    const listed = await provider.listBankAccounts(account);
    expect(listed).toEqual([added]);
    for (const answer of [added, listed, stripe.events]) expect(JSON.stringify(answer)).not.toContain('000987654321');
    const sent = stripe.requests.findLast(
      (request) => request.method === 'POST' && request.path === `/v1/accounts/${account}/external_accounts`,
    )!;
    expect(sent.body).toMatchObject({ external_account: { object: 'bank_account', account_number: '000987654321' } });
  });

  it('sends a Canadian routing number to Stripe as transit-institution (TTTTT-III)', async () => {
    const account = await newAccount('CA');
    const input = usBank({ country: 'CA', currency: 'cad', accountNumber: '0001234', routingNumber: '11000000' });
    const added = await provider.addBankAccount(account, input, randomUUID());
    expect(added).toMatchObject({ country: 'CA', currency: 'cad', routingNumber: '11000-000', last4: '1234' });
  });

  it('lists, makes another account the default, refuses to delete the default while another exists, then deletes', async () => {
    const account = await newAccount();
    const first = await provider.addBankAccount(account, usBank(), randomUUID());
    const second = await provider.addBankAccount(account, usBank({ accountNumber: '000111222333' }), randomUUID());
    const defaults = async () => (await provider.listBankAccounts(account)).map((bank) => `${bank.id} ${bank.isDefaultForCurrency}`);
    expect(await defaults()).toEqual([`${first.id} true`, `${second.id} false`]);
    expect(await provider.makeDefaultBankAccount(account, second.id)).toMatchObject({ id: second.id, isDefaultForCurrency: true });
    expect(await defaults()).toEqual([`${first.id} false`, `${second.id} true`]);

    const error = await refusal(provider.deleteBankAccount(account, second.id));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/cannot delete the default external account/);
    await provider.deleteBankAccount(account, first.id);
    expect(await defaults()).toEqual([`${second.id} true`]);
  });
});

describe('parseWebhook', () => {
  it('maps a signed event to the payment or account it concerns', async () => {
    const account = await newAccount();
    const paymentId = await paid(account, 5000);
    await refund(account, paymentId, 500);
    const lastOf = (type: string) => stripe.events.findLast((event) => event.type === type && event.account === account)!;
    const parse = (type: string) => {
      const { payload, header } = stripe.sign(lastOf(type));
      return provider.parseWebhook(Buffer.from(payload), header);
    };
    expect(parse('checkout.session.completed')).toEqual({
      id: lastOf('checkout.session.completed').id,
      type: 'checkout.session.completed',
      account,
      paymentId,
      isAccountUpdate: false,
    });
    for (const type of ['payment_intent.succeeded', 'charge.succeeded', 'charge.refunded', 'refund.created'])
      expect(parse(type)).toMatchObject({ type, account, paymentId, isAccountUpdate: false });
    stripe.verifyAccount(account);
    expect(parse('account.updated')).toMatchObject({ account, paymentId: null, isAccountUpdate: true });
    await provider.addBankAccount(account, usBank(), randomUUID());
    expect(parse('account.external_account.created')).toMatchObject({ paymentId: null, isAccountUpdate: true });
  });

  const event = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } };
  it.each([
    ['a tampered payload', () => ({ ...stripe.sign(event), payload: stripe.sign(event).payload.replace('pi_1', 'pi_2') })],
    ['a signature with another secret', () => stripe.sign(event, { secret: 'whsec_other' })],
    ['a signature older than 300 s', () => stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ['no Stripe-Signature header', () => ({ payload: stripe.sign(event).payload, header: undefined })],
  ])('refuses %s with a WebhookSignatureError', (_name, signed) => {
    const { payload, header } = signed();
    expect(() => provider.parseWebhook(Buffer.from(payload), header)).toThrow(WebhookSignatureError);
  });
});

describe('errors', () => {
  it('turns an unreachable Stripe into a 502 "did not respond", after the retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_fake',
      apiUrl: `http://127.0.0.1:${port}`,
    });
    const error = await refusal(unreachable.balance('acct_1'));
    expect(error).toMatchObject({ status: 502, message: 'The payment provider did not respond. Try again later.' });
  });

  it("answers a wrong secret key as Stripe's 401", async () => {
    const wrongKey = createStripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: 'whsec_fake', apiUrl: stripe.url });
    expect((await refusal(wrongKey.accountState('acct_1'))).status).toBe(401);
  });
});
