import type { ModuleJobs } from '../../platform/module.js';
import { ABANDON_QUEUE, abandonOverdueBookings } from './abandon.js';
import { automaticMails, BOOKING_MAIL_QUEUE, bookingMailerOf, sendQueuedAutomaticMail, type BookingMailJob } from './mail.js';
import { queueDueReminders, REMINDER_QUEUE } from './reminders.js';

/** The bookings module's background work (decisions 019, 020, 030): abandoned bookings, reminders and every automatic mail. */
export const bookingJobs: ModuleJobs = async (deps, log) => {
  const { db } = deps.database;
  const mail = bookingMailerOf(deps);
  // Unpaid online bookings are abandoned by a sweep every minute, in whichever process takes the job; each customer gets the abandoned mail.
  await deps.jobs.work(ABANDON_QUEUE, async () => {
    const mails = automaticMails(mail, log);
    await abandonOverdueBookings(db, new Date(), (tx, venueId, booking) => mails.write(tx, { id: venueId }, booking, 'abandoned'));
    await mails.handOver();
  });
  await deps.jobs.schedule(ABANDON_QUEUE, '* * * * *');
  // Reminders that have come due are queued by a sweep every minute (reminders.ts).
  if (deps.config.reminderSweep !== false) {
    await deps.jobs.work(REMINDER_QUEUE, async () => {
      await queueDueReminders(mail);
    });
    await deps.jobs.schedule(REMINDER_QUEUE, '* * * * *');
  }
  // Every automatic booking mail is rendered and sent by this job, once per booking, type and occasion; a temporary SMTP failure is retried.
  await deps.jobs.work(BOOKING_MAIL_QUEUE, (job: BookingMailJob, attempt) => sendQueuedAutomaticMail(mail, job, attempt), {
    concurrency: 5,
  });
};
