import type { ModuleJobs } from '../../platform/module.js';
import { CARD_REFUND_CHANNEL, CARD_REFUND_QUEUE } from '../bookings/money.js';
import { retryPendingRefunds, sendCardRefund } from './service.js';

/** The payments module's background work (decisions 021, 026): card refunds sent to the provider, and the sweep of those still pending. */
export const paymentJobs: ModuleJobs = async (deps, log) => {
  const { db } = deps.database;
  // A card refund written pending is announced at commit (migration 0014's trigger) and sent by a
  // job, retried while the provider is unreachable; one job per refund and attempt waits at a time.
  await deps.jobs.work<{ venueId: string; refundId: string }>(CARD_REFUND_QUEUE, async ({ venueId, refundId }) =>
    sendCardRefund(db, deps.payments, venueId, refundId),
  );
  await deps.database.notifications.listen(CARD_REFUND_CHANNEL, (payload) => {
    const [venueId, refundId, attempt] = payload.split(':');
    deps.jobs
      .send(CARD_REFUND_QUEUE, { venueId, refundId }, { singletonKey: `${refundId}:${attempt}`, retryLimit: 5, retryDelaySeconds: 5 })
      .catch((error: Error) => log.warn({ err: error }, 'A card refund could not be queued; the sweep will'));
  });
  // Card refunds still pending (an announcement missed, the provider unreachable) are sent again every minute.
  await deps.jobs.work('card-refunds', async () => {
    await retryPendingRefunds(db, deps.payments);
  });
  await deps.jobs.schedule('card-refunds', '* * * * *');
};
