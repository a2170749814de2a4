import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../accounts/schema.js';

/** Per-user progress through the 31-step onboarding tour. */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  currentStep: integer('current_step').notNull().default(-1),
  isFinished: boolean('is_finished').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
