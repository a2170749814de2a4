import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../jobs.js';
import type { AppConfig } from '../module.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';
import { registerSandboxPages } from './sandbox-pages.js';
import { createStripeProvider } from './stripe.js';
import { UnavailablePaymentProvider } from './unavailable.js';

const SANDBOX_EVENTS_QUEUE = 'sandbox-events';

/**
 * The active card-payment provider (decision 021): Stripe with STRIPE_SECRET_KEY, none when the
 * configuration turns card payments off (production without Stripe, decision 025), else the
 * built-in sandbox with its hosted pages, whose events are posted to the app's own webhook route
 * and re-sent every minute until one is taken.
 */
export async function startPayments(
  app: FastifyInstance,
  database: Database,
  jobs: Jobs,
  config: AppConfig,
  /** Who may frame the sandbox's checkout page of a venue (decision 024). */
  frameAncestorsOf?: (venueId: string | null) => Promise<string>,
): Promise<PaymentProvider> {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (config.cardPaymentsOff) return new UnavailablePaymentProvider();
  // The sandbox signs its events with a secret of its own, derived from the server's.
  const webhookSecret = `whsec_${createHmac('sha256', config.authSecret).update('sandbox-webhook').digest('hex')}`;
  const sandbox = createSandboxProvider({ db: database.db, baseUrl: config.baseUrl, webhookSecret });
  sandbox.setDelivery(async (payload, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/sandbox/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    if (response.statusCode >= 300) throw new Error(`The webhook answered ${response.statusCode}: ${response.body}`);
  });
  await registerSandboxPages(app, sandbox, frameAncestorsOf);
  await jobs.work(SANDBOX_EVENTS_QUEUE, async () => {
    await sandbox.deliverPending();
  });
  await jobs.schedule(SANDBOX_EVENTS_QUEUE, '* * * * *');
  return sandbox;
}
