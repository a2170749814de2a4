import { isLiveStatus } from './booking-money.js';

export const PRESENCE_STATUSES = ['no', 'partially', 'fully'] as const;
export const PRESENCE_LABELS = { no: 'No show', partially: 'Partially Checked In', fully: 'Checked In' } as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/** How a presence reads at one moment: the stored value, or for `no`, whether the group was still expected. */
export const PRESENCE_SHOWN = ['no', 'partially', 'fully', 'not_arrived', 'not_expected'] as const;
export type PresenceShown = (typeof PRESENCE_SHOWN)[number];
export const PRESENCE_SHOWN_LABELS: Record<PresenceShown, string> = { ...PRESENCE_LABELS, not_arrived: 'Not arrived', not_expected: '—' };

/**
 * How a booking's presence reads, everywhere it is shown (decision 028). The stored `no` reads
 * "No show" only once a live booking has started; before that the group has simply not arrived,
 * and a canceled or abandoned booking was never expected ("—").
 */
export function presenceShown(
  booking: { presenceStatus: PresenceStatus; status: string; startsAt: string | Date },
  now: Date = new Date(),
): PresenceShown {
  if (booking.presenceStatus !== 'no') return booking.presenceStatus;
  if (!isLiveStatus(booking.status)) return 'not_expected';
  return new Date(booking.startsAt).getTime() > now.getTime() ? 'not_arrived' : 'no';
}

export const presenceLabel = (booking: Parameters<typeof presenceShown>[0], now: Date = new Date()): string =>
  PRESENCE_SHOWN_LABELS[presenceShown(booking, now)];
