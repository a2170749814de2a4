import type { ModuleJobs } from '../../platform/module.js';
import {
  deliverWebhook,
  markDeliveryFailed,
  stalePendingDeliveries,
  WEBHOOK_CHANNEL,
  TargetBackoff,
  WEBHOOK_CONCURRENCY,
  WEBHOOK_EXPIRY_MARGIN_SECONDS,
  WEBHOOK_PER_TARGET,
  WEBHOOK_QUEUE,
  WEBHOOK_RETRIES,
  WEBHOOK_RETRY_DELAY_SECONDS,
  WEBHOOK_SWEEP_QUEUE,
  WebhookTimeoutError,
} from './webhooks.js';

interface DeliveryJob {
  venueId: string;
  deliveryId: string;
  /** The target: deliveries share the worker's slots fairly between targets and venues (decision 018). */
  integrationId: string;
}

/** Webhook delivery (decision 018): a job posts each recorded event, queued when the database announces it or by the sweep. */
export const integrationJobs: ModuleJobs = async (deps, log) => {
  const { db } = deps.database;
  const { jobs } = deps;
  const options = {
    allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks ?? false,
    timeoutMs: deps.config.webhookTimeoutMs ?? 10_000,
  };

  // The job's id is the delivery's: every process hears the announcement, one job is queued.
  const retryDelaySeconds = deps.config.webhookRetryDelaySeconds ?? WEBHOOK_RETRY_DELAY_SECONDS;
  const expireInSeconds = Math.ceil(options.timeoutMs / 1000) + WEBHOOK_EXPIRY_MARGIN_SECONDS;
  const queue = (job: DeliveryJob) =>
    jobs.send(WEBHOOK_QUEUE, job, { id: job.deliveryId, retryLimit: WEBHOOK_RETRIES, retryDelaySeconds, expireInSeconds });

  const backoff = new TargetBackoff();
  await jobs.work<DeliveryJob>(
    WEBHOOK_QUEUE,
    async ({ venueId, deliveryId, integrationId }, attempt) => {
      try {
        await deliverWebhook(db, venueId, deliveryId, options);
        backoff.answered(integrationId);
      } catch (error) {
        if (error instanceof WebhookTimeoutError) backoff.timedOut(integrationId);
        else backoff.answered(integrationId);
        if (attempt.isLastAttempt) await markDeliveryFailed(db, venueId, deliveryId);
        throw error;
      }
    },
    {
      concurrency: WEBHOOK_CONCURRENCY,
      fair: { keyField: 'integrationId', groupField: 'venueId', perKey: WEBHOOK_PER_TARGET, keyLimits: () => backoff.limits() },
    },
  );
  await deps.database.notifications.listen(WEBHOOK_CHANNEL, (payload) => {
    // '<venue>:<delivery>:<integration>' (migration 0027).
    const [venueId, deliveryId, integrationId] = payload.split(':');
    queue({ venueId, deliveryId, integrationId }).catch((error: Error) =>
      log.warn({ err: error }, 'A webhook delivery could not be queued; the sweep will'),
    );
  });
  // A delivery whose announcement was missed (no process listening at that moment) is queued by the sweep.
  await jobs.work(WEBHOOK_SWEEP_QUEUE, async () => {
    for (const stale of await stalePendingDeliveries(db, new Date(Date.now() - 60_000)))
      await queue({ venueId: stale.venueId, deliveryId: stale.id, integrationId: stale.integrationId });
  });
  await jobs.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *');
};
