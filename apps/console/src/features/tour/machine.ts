import type { OnboardingProgress } from '@lanebook/core/api-schemas';
import type { TourAction } from '../../lib/tour-events';
import type { StepAdvance } from './steps';

/**
 * The tour's step machine, pure (docs/decisions/033-the-guided-tour.md). The stored progress is
 * the user's onboarding progress (`/api/private/onboarding`): currentStep -1 not started,
 * isFinished with -1 once done. `running` is whether the guide is on screen; it is not stored, so
 * a reload shows it again only when the owner presses Resume guide.
 */
export interface TourState {
  progress: OnboardingProgress;
  running: boolean;
}

export type TourEvent =
  { type: 'start' } | { type: 'next' } | { type: 'action'; action: TourAction } | { type: 'stop' } | { type: 'finish' };

/** What each step needs to move on (the steps' advanceOn and optional), indexed like the steps. */
export interface StepRule {
  advanceOn: StepAdvance;
  optional?: boolean;
  resumeFromPrevious?: boolean;
}

const FINISHED: OnboardingProgress = { currentStep: -1, isFinished: true };

function advance(state: TourState, steps: readonly StepRule[], running: boolean): TourState {
  const next = state.progress.currentStep + 1;
  if (next >= steps.length) return { progress: FINISHED, running: false };
  return { progress: { currentStep: next, isFinished: false }, running };
}

export function tourTransition(state: TourState, event: TourEvent, steps: readonly StepRule[]): TourState {
  const { progress } = state;
  if (progress.isFinished) return { progress: FINISHED, running: false };
  const step = progress.currentStep >= 0 ? steps[progress.currentStep] : undefined;
  switch (event.type) {
    case 'start': {
      if (state.running) return state;
      // Resume at the stored step (or the one that opens its dialog); not started (-1) or past the end: the first.
      const resumeAt = !step ? 0 : step.resumeFromPrevious ? Math.max(0, progress.currentStep - 1) : progress.currentStep;
      return { progress: { currentStep: resumeAt, isFinished: false }, running: true };
    }
    case 'next':
      if (!state.running || !step) return state;
      if (step.advanceOn !== 'next' && step.advanceOn !== 'click' && !step.optional) return state;
      return advance(state, steps, true);
    case 'action':
      if (!state.running || !step || step.advanceOn !== event.action) return state;
      return advance(state, steps, true);
    case 'stop':
      if (!state.running) return state;
      // Stopping skips the step that waits for an action: the owner resumes after it.
      if (step && step.advanceOn !== 'next' && step.advanceOn !== 'click') return advance(state, steps, false);
      return { progress, running: false };
    case 'finish':
      return { progress: FINISHED, running: false };
  }
}

/** The owner-facing "N of 34". */
export function stepLabel(index: number, total: number): string {
  return `${index + 1} of ${total}`;
}
