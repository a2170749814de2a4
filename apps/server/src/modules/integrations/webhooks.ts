import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { scrubbedJson } from '../../platform/erase.js';
import type { Db, Tx } from '../../db/client.js';
import { checkOutboundUrl, OutboundUrlError } from '../../platform/outbound-url.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { forVenue } from '../../platform/venue-scope.js';
import { integrations, webhookDeliveries } from './schema.js';

/**
 * Outgoing webhooks (decision 018). A change records one delivery per subscribed integration in
 * its own transaction; a job posts it, signed with the integration's secret, and pg-boss retries
 * a failure with backoff. Receivers verify `Lanebook-Signature: t=<unix seconds>,v1=<hex>` where
 * v1 is HMAC-SHA256 of "<t>.<raw body>" with the secret, and drop repeats by `Lanebook-Delivery-Id`.
 */

export const WEBHOOK_QUEUE = 'webhook-deliveries';
export const WEBHOOK_SWEEP_QUEUE = 'webhook-deliveries-sweep';
/** The channel the deliveries' insert trigger announces on (migration 0009): '<venue id>:<delivery id>'. */
export const WEBHOOK_CHANNEL = 'lanebook_webhooks';
/** Attempts after the first: with pg-boss's backoff from 10 s they span about an hour and a half. */
export const WEBHOOK_RETRIES = 9;
export const WEBHOOK_RETRY_DELAY_SECONDS = 10;
/** Deliveries one process posts at once: a slow target holds one of them, the rest go on. */
export const WEBHOOK_CONCURRENCY = 20;
/** Deliveries to one target (integration) one process posts at once: a hanging target holds no more slots than this. */
export const WEBHOOK_PER_TARGET = 4;
/** A target that timed out waits this long before one delivery tries it again, doubling each time it times out again. */
export const WEBHOOK_TARGET_BACKOFF_MS = 5_000;
export const WEBHOOK_TARGET_MAX_BACKOFF_MS = 5 * 60_000;

/** A target that did not answer within its timeout: it backs off (TargetBackoff). */
export class WebhookTimeoutError extends Error {}

/**
 * The targets of this process that timed out (decision 018): after a timeout a target gets no
 * delivery for its backoff (its deliveries wait queued, holding no slot, and spend no attempt),
 * then one at a time until one is answered; each new timeout doubles the backoff, up to 5 minutes.
 */
export class TargetBackoff {
  private readonly targets = new Map<string, { timeouts: number; until: number }>();

  timedOut(target: string, now = Date.now()) {
    const state = this.targets.get(target) ?? { timeouts: 0, until: 0 };
    // Deliveries already out that time out during the backoff are the same episode.
    if (now < state.until) return;
    state.timeouts += 1;
    state.until = now + Math.min(WEBHOOK_TARGET_BACKOFF_MS * 2 ** (state.timeouts - 1), WEBHOOK_TARGET_MAX_BACKOFF_MS);
    this.targets.set(target, state);
  }

  answered(target: string) {
    this.targets.delete(target);
  }

  /** Each backing-off target's limit now: 0 during its backoff, 1 after it until one is answered. */
  limits(now = Date.now()): Map<string, number> {
    return new Map([...this.targets].map(([target, state]) => [target, now < state.until ? 0 : 1]));
  }
}
/**
 * A delivery's run may last its target's timeout plus this (the outbound check's name lookup and
 * the log writes); after that pg-boss counts it failed and retries it, as when its process died.
 */
export const WEBHOOK_EXPIRY_MARGIN_SECONDS = 10;

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The venue's active webhook integrations subscribed to events of `type`. */
export async function webhookTargets(tx: Db | Tx, venueId: string, type: string): Promise<{ id: string }[]> {
  return forVenue(tx, venueId).selectFields(
    integrations,
    { id: integrations.id },
    and(
      eq(integrations.type, 'webhook'),
      eq(integrations.isActive, true),
      sql`${integrations.settings}->'events' @> ${JSON.stringify([type])}::jsonb`,
    ),
  );
}

/** webhookTargets from memory until the venue's integrations change (the public booking's hot path, decision 007). */
export async function cachedWebhookTargets(db: Db, reads: VenueReads, venueId: string, type: string): Promise<{ id: string }[]> {
  return JSON.parse(await reads.json('integrations', venueId, `webhook-targets:${type}`, () => webhookTargets(db, venueId, type))) as {
    id: string;
  }[];
}

/**
 * Records an event for each active webhook integration of the venue subscribed to its type, in
 * the caller's transaction: the change and its deliveries commit together or not at all.
 * `targets`, when the caller read them earlier in the transaction (webhookTargets), are not read again.
 */
export async function recordWebhookEvent(
  tx: Tx,
  venueId: string,
  type: string,
  data: Record<string, unknown>,
  targets?: { id: string }[],
): Promise<void> {
  targets ??= await webhookTargets(tx, venueId, type);
  if (targets.length === 0) return;
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const payload = { id: eventId, type, createdAt: new Date().toISOString(), data };
  await forVenue(tx, venueId).insert(
    webhookDeliveries,
    targets.map((target) => ({ id: randomUUID(), integrationId: target.id, eventId, eventType: type, payload })),
  );
}

/** The signature header of a body sent at `timestamp` (unix seconds). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface DeliveryOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
}

/** POSTs the body to the URL, connecting only to an address the outbound check allowed; no redirects. */
function post(url: URL, address: { address: string; family: number }, headers: Record<string, string>, body: string, timeoutMs: number) {
  return new Promise<number>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // The name resolved once, checked, and pinned: a second lookup could answer elsewhere.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [address] as never, undefined as never);
          else callback(null, address.address, address.family);
        },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new WebhookTimeoutError(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Delivers one delivery. Answers normally when it is delivered or can never be (the integration
 * is gone or paused, the target refused by the outbound rule); throws to have pg-boss retry.
 */
export async function deliverWebhook(db: Db, venueId: string, deliveryId: string, options: DeliveryOptions): Promise<void> {
  const venue = forVenue(db, venueId);
  const delivery = await venue.first(webhookDeliveries, eq(webhookDeliveries.id, deliveryId));
  if (!delivery || delivery.status !== 'pending') return;
  const integration = await venue.first(integrations, eq(integrations.id, delivery.integrationId));
  const finish = (changes: Partial<Pick<DeliveryRow, 'status' | 'lastStatusCode' | 'lastError' | 'deliveredAt'>>) =>
    venue.update(webhookDeliveries, eq(webhookDeliveries.id, deliveryId), {
      ...changes,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      updatedAt: new Date(),
    });
  if (!integration || !integration.isActive || !integration.secret) {
    await finish({ status: 'failed', lastError: 'The integration is paused or gone.' });
    return;
  }
  let target;
  try {
    target = await checkOutboundUrl(String(integration.settings.url ?? ''), { allowPrivateNetworks: options.allowPrivateNetworks });
  } catch (error) {
    if (!(error instanceof OutboundUrlError) || error.reason === 'unresolvable') {
      await finish({ lastError: (error as Error).message });
      throw error;
    }
    // Refused by the outbound rule: no retry makes it allowed.
    await finish({ status: 'failed', lastError: error.message });
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Lanebook-Webhooks/1.0',
    // The same on every retry of this delivery (the event id is shared by the event's deliveries to every integration).
    'lanebook-delivery-id': delivery.id,
    'lanebook-event-id': delivery.eventId,
    'lanebook-event-type': delivery.eventType,
    'lanebook-signature': webhookSignature(integration.secret, Math.floor(Date.now() / 1000), body),
  };
  let status: number;
  try {
    status = await post(target.url, target.addresses[0], headers, body, options.timeoutMs);
  } catch (error) {
    await finish({ lastStatusCode: null, lastError: (error as Error).message.slice(0, 500) });
    throw error;
  }
  if (status >= 200 && status < 300) {
    await finish({ status: 'delivered', lastStatusCode: status, lastError: null, deliveredAt: new Date() });
    return;
  }
  const why = status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`;
  await finish({ lastStatusCode: status, lastError: why });
  throw new Error(`The webhook target ${why}`);
}

/** A delivery whose every attempt failed stays failed: pg-boss calls this after the last one. */
export async function markDeliveryFailed(db: Db, venueId: string, deliveryId: string) {
  await forVenue(db, venueId).update(
    webhookDeliveries,
    and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')),
    { status: 'failed', updatedAt: new Date() },
  );
}

/** Deliveries still pending a while after they were written: their job may have been lost (a process died). */
export async function stalePendingDeliveries(db: Db, olderThan: Date): Promise<{ venueId: string; id: string; integrationId: string }[]> {
  return (
    db
      .select({ venueId: webhookDeliveries.venueId, id: webhookDeliveries.id, integrationId: webhookDeliveries.integrationId })
      // eslint-disable-next-line no-restricted-syntax -- the sweep serves every venue: each delivery is then read within its own venue
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, olderThan)))
      .orderBy(asc(webhookDeliveries.createdAt))
      .limit(500)
  );
}

/** An integration's delivery log, newest first; another venue's integration is a 404 (none). */
export async function deliveryLog(db: Db, venueId: string, integrationId: string, page: { limit: number; offset: number }) {
  const venue = forVenue(db, venueId);
  if (!(await venue.exists(integrations, eq(integrations.id, integrationId)))) return null;
  const { rows, total } = await venue.page(webhookDeliveries, eq(webhookDeliveries.integrationId, integrationId), {
    ...page,
    orderBy: [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.eventType,
      status: row.status,
      attempts: row.attempts,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * Takes a person out of the webhook payloads about them (issue 38's erase): the deliveries of
 * their bookings' events and any payload with one of their emails, each word replaced.
 */
export async function eraseFromWebhookPayloads(tx: Tx, venueId: string, bookingIds: string[], emails: string[], words: string[]) {
  const aboutThem = or(
    bookingIds.length ? inArray(sql`${webhookDeliveries.payload}->'data'->>'id'`, bookingIds) : undefined,
    ...emails.map((email) => sql`strpos(lower(${webhookDeliveries.payload}::text), ${email}) > 0`),
  );
  if (!aboutThem || words.length === 0) return;
  await forVenue(tx, venueId).update(webhookDeliveries, aboutThem, { payload: scrubbedJson(words, sql`${webhookDeliveries.payload}`) });
}
