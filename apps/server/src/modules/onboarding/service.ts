import { eq } from 'drizzle-orm';
import type { OnboardingProgress } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import { onboardingProgress } from './schema.js';

export async function getProgress(db: Db, userId: string): Promise<OnboardingProgress> {
  const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
  return row ? { currentStep: row.currentStep, isFinished: row.isFinished } : { currentStep: -1, isFinished: false };
}

/** Finishing sets isFinished and resets currentStep to -1. */
export async function saveProgress(db: Db, userId: string, patch: Partial<OnboardingProgress>): Promise<OnboardingProgress> {
  const current = await getProgress(db, userId);
  const next = { ...current, ...patch };
  if (patch.isFinished) next.currentStep = -1;
  await db
    .insert(onboardingProgress)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: onboardingProgress.userId, set: { ...next, updatedAt: new Date() } });
  return next;
}
