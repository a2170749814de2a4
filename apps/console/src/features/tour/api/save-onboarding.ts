import type { OnboardingProgress } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

/** Stores where the person's guide is, or that it is finished (about the person, so no X-Venue-Id). */
export const saveOnboarding = (progress: OnboardingProgress) =>
  http.put<OnboardingProgress>(
    '/api/private/onboarding',
    progress.isFinished ? { isFinished: true } : { currentStep: progress.currentStep },
    {
      noVenue: true,
    },
  );
