import { useSyncExternalStore } from 'react';
import type { OnboardingProgress } from '@lanebook/core/api-schemas';
import type { PermissionKey } from '@lanebook/core/permissions';
import type { Session } from '../../lib/session';
import { notifyError } from '../../lib/notify';
import { onTourEvent } from '../../lib/tour-events';
import { saveOnboarding } from './api/save-onboarding';
import { tourTransition, type TourEvent, type TourState } from './machine';
import { TOUR_STEPS } from './steps';

/**
 * The signed-in person's tour: the step machine's state, stored through PUT /api/private/onboarding
 * each time its step changes (saves go in order). Loaded from the session's `me.onboarding`.
 * Part of the first load; the runner with driver.js is not (TourHost loads it when the guide shows).
 */

let ownerId: string | null = null;
let state: TourState = { progress: { currentStep: -1, isFinished: false }, running: false };
const listeners = new Set<() => void>();
let saving: Promise<unknown> = Promise.resolve();

const changed = () => listeners.forEach((listener) => listener());

/** Takes the person's stored progress, once per person (later answers of /me may be older than our own saves). */
export function loadTour(userId: string, progress: OnboardingProgress) {
  if (ownerId === userId) return;
  ownerId = userId;
  state = { progress, running: false };
  changed();
}

export function dispatchTour(event: TourEvent) {
  const next = tourTransition(state, event, TOUR_STEPS);
  if (next === state) return;
  const moved = next.progress.currentStep !== state.progress.currentStep || next.progress.isFinished !== state.progress.isFinished;
  state = next;
  changed();
  if (moved) {
    const progress = next.progress;
    saving = saving.then(() => saveOnboarding(progress)).catch(notifyError);
  }
}

onTourEvent((action) => dispatchTour({ type: 'action', action }));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The tour of `userId`: the store's once loaded for them, else what the session says. */
export function useTour(userId: string | null, fromSession: OnboardingProgress | null): TourState {
  const current = useSyncExternalStore(subscribe, () => state);
  if (userId !== null && ownerId === userId) return current;
  return { progress: fromSession ?? { currentStep: -1, isFinished: true }, running: false };
}

/** What the steps ask the owner to do (the server checks each on its own call). */
export const TOUR_PERMISSIONS: PermissionKey[] = [
  'statistics.view',
  'terms.create',
  'taxes.create',
  'upsellItems.create',
  'waivers.create',
  'resources.create',
  'products.create',
  'products.pause',
  'calendar.create',
  'calendar.edit',
  // The last steps: the venue's address and phone, pay at the venue, going live.
  'venues.edit',
];

/**
 * Who is offered the guide: the owner of the open venue (a superadmin only in a venue they own,
 * never in a temporary visit), holding every permission the steps use.
 */
export function canTakeTour(session: Session): boolean {
  const { me, venueId } = session;
  if (!me || !venueId) return false;
  const membership = me.venues.find((venue) => venue.venueId === venueId);
  if (!membership || membership.role !== 'owner' || membership.isTemporary) return false;
  return TOUR_PERMISSIONS.every((permission) => session.can(permission));
}
