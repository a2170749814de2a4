import type { OnboardingProgress } from '@lanebook/core/api-schemas';
import { client } from '../../../lib/api';

/** Stores where the person's guide is, or that it is finished (about the person, so no X-Venue-Id). */
export const saveOnboarding = (progress: OnboardingProgress) =>
  client.put('/api/private/onboarding', {
    body: progress.isFinished ? { isFinished: true } : { currentStep: progress.currentStep },
    noVenue: true,
  });
