import type { ModuleJobs } from '../../platform/module.js';
import { withTransaction } from '../../platform/locking.js';
import {
  GIFT_CARD_MAIL_QUEUE,
  giftCardMailerOf,
  giftCardMails,
  sendGiftCardMail,
  type GiftCardMailer,
  type GiftCardMailJob,
} from './mail.js';
import { expireGiftCard, giftCardOrNotFound, giftCardsToDeliver, giftCardsToExpire, markDelivered } from './service.js';

/**
 * The gift cards module's background work (decision 045): the recipients' mails on their
 * delivery day, cards expiring at the venue's midnight, and the job that sends every gift card
 * mail. Each sweep runs every minute in whichever process takes it (pg-boss), and each card
 * changes in a transaction of its own that takes it once.
 */

export const GIFT_CARD_DELIVERY_QUEUE = 'gift-card-deliveries';
export const GIFT_CARD_EXPIRY_QUEUE = 'gift-card-expiries';

/** Queues the recipient's mail of each card whose delivery is due at `now`, once; answers how many. */
export async function deliverDueGiftCards(
  mail: GiftCardMailer,
  log: { warn: (object: object, message: string) => void },
  now = new Date(),
) {
  const mails = giftCardMails(mail, log);
  let queued = 0;
  for (const due of await giftCardsToDeliver(mail.db, now)) {
    // The mark and the mail's outbox row in one transaction: both or neither, and one sweep only takes the card.
    const taken = await withTransaction(mail.db, async (tx) => {
      if (!(await markDelivered(tx, due.venueId, due.id, now))) return false;
      await mails.write(tx, await giftCardOrNotFound(tx, due.venueId, due.id), 'delivery');
      return true;
    });
    if (taken) queued += 1;
  }
  await mails.handOver();
  return queued;
}

/** Expires each active card past its expiry at `now`; answers how many. */
export async function expireDueGiftCards(mail: Pick<GiftCardMailer, 'db'>, now = new Date()) {
  let expired = 0;
  for (const due of await giftCardsToExpire(mail.db, now))
    if (await withTransaction(mail.db, (tx) => expireGiftCard(tx, due.venueId, due.id, now))) expired += 1;
  return expired;
}

export const giftCardJobs: ModuleJobs = async (deps, log) => {
  const mail = giftCardMailerOf(deps);
  if (deps.config.giftCardSweeps !== false) {
    await deps.jobs.work(GIFT_CARD_DELIVERY_QUEUE, async () => {
      await deliverDueGiftCards(mail, log);
    });
    await deps.jobs.schedule(GIFT_CARD_DELIVERY_QUEUE, '* * * * *');
    await deps.jobs.work(GIFT_CARD_EXPIRY_QUEUE, async () => {
      await expireDueGiftCards(mail);
    });
    await deps.jobs.schedule(GIFT_CARD_EXPIRY_QUEUE, '* * * * *');
  }
  await deps.jobs.work(GIFT_CARD_MAIL_QUEUE, (job: GiftCardMailJob, attempt) => sendGiftCardMail(mail, job, attempt), { concurrency: 5 });
};
