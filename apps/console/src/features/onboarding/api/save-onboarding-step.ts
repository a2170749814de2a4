import { http } from '../../../lib/api';

/** Where the person's onboarding guide resumes (about the person, so no X-Venue-Id). */
export const saveOnboardingStep = (currentStep: number) => http.put<void>('/api/private/onboarding', { currentStep }, { noVenue: true });
